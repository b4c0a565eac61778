import { describe, expect, it } from 'vitest';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { curlFor, exchangeUrl } from './curl';
import { sampleExchange } from '@shared/test-kit/records';

const created = { id: 'ex_1', direction: 'in', kind: 'checkout.create', url: '/checkout/v3/orders' } as const;
const exchange = (over: Partial<Exchange>): Exchange => sampleExchange({ ...created, status: 201, ...over });

const api = 'http://127.0.0.1:4700/';
const credentials = { username: 'merchant', password: 'secret' };

describe('exchangeUrl', () => {
  it('puts the API URL before the path of an inbound exchange, and keeps whole URLs', () => {
    expect(exchangeUrl({ direction: 'in', url: '/checkout/v3/orders' }, api)).toBe(
      'http://127.0.0.1:4700/checkout/v3/orders',
    );
    expect(exchangeUrl({ direction: 'out', url: 'https://m.example/a?x=1' }, api)).toBe(
      'https://m.example/a?x=1',
    );
  });
});

describe('curlFor', () => {
  it('replays an inbound call with Basic auth from the real credentials and no stale headers', () => {
    const { command, omitted } = curlFor(
      exchange({
        request: {
          headers: {
            host: '127.0.0.1:4700',
            authorization: 'Basic ****',
            'content-type': 'application/json',
            'content-length': '12',
          },
          body: '{"a":"b"}',
        },
      }),
      { apiUrl: api, credentials },
    );
    expect(command.split('\n')).toEqual([
      'curl \\',
      '  -u merchant:secret \\',
      `  -H 'content-type: application/json' \\`,
      `  --data-raw '{"a":"b"}' \\`,
      '  http://127.0.0.1:4700/checkout/v3/orders',
    ]);
    expect(omitted).toEqual([]);
  });

  it('names the method unless curl implies it, and leaves out secrets it cannot know', () => {
    const get = curlFor(exchange({ method: 'GET' }), { apiUrl: api });
    expect(get.command).toBe('curl \\\n  http://127.0.0.1:4700/checkout/v3/orders');
    const del = curlFor(
      exchange({
        method: 'DELETE',
        direction: 'out',
        url: 'https://tms.example/x',
        request: { headers: { Authorization: 'Bearer ****' }, body: null },
      }),
      { apiUrl: api, credentials },
    );
    expect(del.command).toContain('-X DELETE');
    expect(del.command).not.toContain('-u ');
    expect(del.omitted).toEqual(['Authorization']);
  });

  it('quotes bodies, URLs and passwords so that a shell passes them through unchanged', () => {
    const body = `{"text":"it's \\"quoted\\" $HOME \`x\` & more","n":1}`;
    const url = 'https://m.example/cb?order_id=a&x={checkout.order.id}';
    const { command } = curlFor(
      exchange({ direction: 'out', url, request: { headers: { 'x-note': "a'b" }, body } }),
      { apiUrl: api, credentials: { username: 'me', password: "p w'$" } },
    );
    // e2e/log.spec.ts also lets a real shell parse a copied command.
    expect(command.split(' \\\n  ')).toEqual([
      'curl',
      `-H 'x-note: a'\\''b'`,
      `--data-raw '${body.replace(/'/g, `'\\''`)}'`,
      `'${url}'`,
    ]);
  });

  it('replays a refused request with the credentials it sent, never the right ones', () => {
    const refused = exchange({
      kind: 'auth',
      method: 'GET',
      status: 401,
      url: '/checkout/v3/orders/x',
      request: { headers: { authorization: 'Basic ****' }, body: null },
      sealed_authorization: 'v1.sealed',
    });
    const sent = `Basic ${btoa('merchant:typo')}`;
    const copied = curlFor(refused, { apiUrl: api, credentials, sentAuthorization: sent });
    expect(copied.command.split('\n')).toEqual([
      'curl \\',
      `  -H 'authorization: ${sent}' \\`,
      '  http://127.0.0.1:4700/checkout/v3/orders/x',
    ]);
    expect(copied.command).not.toContain('secret');
    // The preview's stand-in stays masked; when nothing can be opened, nothing is made up.
    const preview = curlFor(refused, { apiUrl: api, credentials, sentAuthorization: 'Basic ••••' });
    expect(preview.command).toContain(`-H 'authorization: Basic ••••'`);
    const unopened = curlFor(refused, { apiUrl: api, credentials, sentAuthorization: null });
    expect(unopened.command).not.toContain('-u ');
    expect(unopened.omitted).toEqual(['authorization']);
    // A 401 logged before credentials were sealed: left out, not filled in with the right ones.
    const old = curlFor({ ...refused, sealed_authorization: undefined }, { apiUrl: api, credentials });
    expect(old.command).not.toContain('merchant:secret');
    expect(old.omitted).toEqual(['authorization']);
  });

  it('keeps customer tokens masked in the body', () => {
    const token = 'Tk_-0123'.repeat(4);
    const e = exchange({
      direction: 'out',
      kind: 'validation',
      url: 'https://m.example/validate',
      request: { headers: {}, body: `{"html_snippet":"<a href='/kco/frame/o1?token=${token}'>"}` },
    });
    const { command } = curlFor(e, { apiUrl: api, credentials });
    expect(command).not.toContain(token);
    expect(command).toContain('/kco/frame/o1?token=****');
  });

  it('quotes credentials the shell would split', () => {
    const e = exchange({ request: { headers: { Authorization: 'Basic ****' }, body: null }, method: 'GET' });
    const { command } = curlFor(e, { apiUrl: api, credentials: { username: 'me', password: "p w'$" } });
    expect(command).toContain(`-u 'me:p w'\\''$'`);
  });
});
