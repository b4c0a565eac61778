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
});
