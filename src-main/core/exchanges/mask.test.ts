import { describe, expect, it } from 'vitest';
import { maskBody, maskHeaders } from './mask';

describe('masking secrets in the log', () => {
  it('masks auth headers but keeps the scheme', () => {
    expect(maskHeaders({ authorization: 'Bearer abc.def', 'content-type': 'application/json' })).toEqual({
      authorization: 'Bearer ****',
      'content-type': 'application/json',
    });
  });

  it('masks a token answer, an auth digest and an integrator key, and nothing else', () => {
    expect(maskBody('{"token":"s3cr3t"}')).toBe('{"token":"****"}');
    expect(JSON.parse(maskBody('{"identifier":"m","secret":{"nonce":"n","digest":"ab12"}}')!)).toEqual({
      identifier: 'm',
      secret: { nonce: 'n', digest: '****' },
    });
    expect(JSON.parse(maskBody('{"identifier":"m","key":"k"}')!)).toEqual({ identifier: 'm', key: '****' });
    const placement = '{"placements":[{"key":"checkout","content":[]}]}';
    expect(maskBody(placement)).toBe(placement);
    expect(maskBody('{"order_id":"x"}')).toBe('{"order_id":"x"}');
    expect(maskBody('not json "token": x')).toBe('not json "token": x');
    expect(maskBody(null)).toBeNull();
  });

  it('masks an Authorization header kept as a field, a secret sent in clear, and both in broken JSON', () => {
    expect(maskBody('{"authorization":"Basic bWU6cHc="}')).toBe('{"authorization":"Basic ****"}');
    expect(maskBody('{"identifier":"m","secret":"the-key"}')).toBe('{"identifier":"m","secret":"****"}');
    expect(maskBody('{"identifier":"m","secret":{"nonce":"n","key":"k"}}')).toBe(
      '{"identifier":"m","secret":{"nonce":"n","key":"****"}}',
    );
    expect(maskBody('{"identifier":"m","secret":"the-key"')).toBe('{"identifier":"m","secret":"****"');
    expect(maskBody('{"authorization": "Basic bWU6cHc=", "x')).toBe('{"authorization": "Basic ****", "x');
  });

  it('masks customer tokens in the embedded checkout’s address and its authorization, in any body', () => {
    const token = 'Zx9_-Qw8'.repeat(4);
    const view = JSON.stringify({ customer_url: `http://127.0.0.1:4703/kco/frame/o-2?token=${token}` });
    expect(maskBody(view)).toBe('{"customer_url":"http://127.0.0.1:4703/kco/frame/o-2?token=****"}');
    const html = `<p>KlarnaCheckout ${token}</p><a href="/x?a=1&token=${token}&b=2">`;
    expect(maskBody(html)).toBe('<p>KlarnaCheckout ****</p><a href="/x?a=1&token=****&b=2">');
    expect(maskBody('{"tokens_left":3}')).toBe('{"tokens_left":3}');
  });
});
