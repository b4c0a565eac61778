import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { FULL_ADDRESS, sessionEnv } from '../../test-kit/session-env';
import type { ListenerAnswer, ListenerApp } from '../listener-app';
import type { HttpRequest } from '../router';
import { checkoutApp } from './checkout-app';

let env: Awaited<ReturnType<typeof sessionEnv>>;
let app: ListenerApp;
beforeEach(async () => {
  env = await sessionEnv([]);
  app = checkoutApp(env.core, null, { names: [] }).app;
});
afterEach(() => env.close());

const tokenOf = (id: string) => env.core.tokens.tokenOf(id);

/** A request as the checkout page sends it, read already: no socket. */
function req(
  method: string,
  target: string,
  body?: unknown,
  headers: Record<string, string> = {},
): HttpRequest {
  const [path, search = ''] = target.split('?') as [string, string?];
  return {
    method,
    path,
    search,
    headers: {
      host: '127.0.0.1:4703',
      'content-type': 'application/json',
      authorization: `KlarnaCheckout ${tokenOf(env.id)}`,
      ...headers,
    },
    body: body === undefined ? null : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  };
}
const json = (a: ListenerAnswer) => JSON.parse(a.body ?? 'null') as Record<string, unknown>;
const errorOf = (a: ListenerAnswer) => (json(a) as { error: { code: string; message: string } }).error;

describe('the embedded checkout through handle()', () => {
  it('answers the view and runs a step with the order’s token, answering the view after it', async () => {
    const view = await app.handle(req('GET', `/kco/api/orders/${env.id}`));
    expect(view.status).toBe(200);
    expect(json(view)).toMatchObject({ order_id: env.id, step: 'address' });
    const step = await app.handle(
      req('POST', `/kco/api/orders/${env.id}/address`, { billing_address: FULL_ADDRESS }),
    );
    expect(step.status).toBe(200);
    expect((json(step).view as CustomerView).address_entered).toBe(true);
  });

  it('refuses another order’s token or none, and runs nothing', async () => {
    const other = env.core.orders.create(env.order as unknown as Record<string, unknown>);
    const before = env.core.orders.getJson(env.id);
    const foreign = await app.handle(
      req(
        'POST',
        `/kco/api/orders/${env.id}/address`,
        { billing_address: FULL_ADDRESS },
        {
          authorization: `KlarnaCheckout ${tokenOf(other.order_id)}`,
        },
      ),
    );
    expect([foreign.status, errorOf(foreign).code]).toEqual([403, 'BAD_TOKEN']);
    const none = await app.handle(req('GET', `/kco/api/orders/${env.id}`, undefined, { authorization: '' }));
    expect(none.status).toBe(403);
    expect(env.core.orders.getJson(env.id)).toBe(before);
    // `?token=` is the other way to carry it (EventSource sends no header).
    const query = await app.handle(
      req('GET', `/kco/api/orders/${env.id}?token=${tokenOf(env.id)}`, undefined, { authorization: '' }),
    );
    expect(query.status).toBe(200);
  });

  it('names the field, the body or the header of bad input', async () => {
    const bad = await app.handle(
      req('POST', `/kco/api/orders/${env.id}/address`, { billing_address: { country: 'SE' } }),
    );
    expect(bad.status).toBe(400);
    const broken = await app.handle(req('POST', `/kco/api/orders/${env.id}/country`, '{"country":'));
    expect([broken.status, errorOf(broken).message]).toEqual([400, '(body): is not valid JSON']);
    const typed = await app.handle(
      req('POST', `/kco/api/orders/${env.id}/country`, { country: 'DE' }, { 'content-type': 'text/plain' }),
    );
    expect(json(typed)).toMatchObject({
      error: { problems: [{ path: 'Content-Type', message: 'must be application/json' }] },
    });
    const huge = await app.handle({
      ...req('POST', `/kco/api/orders/${env.id}/client_events`),
      bodyTooLarge: true,
    });
    expect(huge.status).toBe(413);
    const early = await app.handle(req('POST', `/kco/api/orders/${env.id}/complete`, {}));
    expect([early.status, errorOf(early).code]).toEqual([409, 'STEP_OUT_OF_ORDER']);
  });

  it('refuses a foreign Host on every path before anything else', async () => {
    for (const path of [`/kco/api/orders/${env.id}`, `/kco/frame/${env.id}`, '/kco/bootstrap.js', '/']) {
      const a = await app.handle(req('GET', path, undefined, { host: 'rebound.evil.test:4703' }));
      expect([path, a.status, errorOf(a).code]).toEqual([path, 403, 'HOST_NOT_ALLOWED']);
    }
  });

  it('serves the frame page with the order’s token, and a refusal page without it', async () => {
    const ok = await app.handle(req('GET', `/kco/frame/${env.id}?token=${tokenOf(env.id)}`));
    expect([ok.status, ok.headers?.['Content-Type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(ok.body).toContain('id="kco-config"');
    const wrong = await app.handle(req('GET', `/kco/frame/${env.id}?token=${'x'.repeat(32)}`));
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('data-refusal="bad_token"');
  });

  it('answers a method a path does not have 405, an unknown path 404, and HEAD as GET', async () => {
    const post = await app.handle(req('POST', `/kco/frame/${env.id}`));
    expect([post.status, errorOf(post).code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    const get = await app.handle(req('GET', `/kco/api/orders/${env.id}/address`));
    expect(get.status).toBe(405);
    const missing = await app.handle(req('GET', '/kco/bootstrap.js'));
    expect([missing.status, errorOf(missing).message]).toEqual([
      404,
      '/kco/bootstrap.js: the embedded checkout is not built (run `npm run build`)',
    ]);
    expect((await app.handle(req('HEAD', '/kco'))).status).toBe(200);
    expect((await app.handle(req('GET', '/favicon.ico'))).status).toBe(204);
  });

  it('opens the view stream, still to the order’s token once the order is closed', async () => {
    env.core.orders.abort(env.id);
    const refused = await app.handle(req('GET', `/kco/api/orders/${env.id}`));
    expect(refused.status).toBe(410);
    const a = await app.handle(req('GET', `/kco/api/orders/${env.id}/events`));
    expect([a.status, a.headers?.['Content-Type']]).toEqual([200, 'text/event-stream']);
    let text = '';
    let close = () => {};
    a.stream!({ write: (t) => (text += t), end: () => {}, onClose: (fn) => (close = fn) });
    expect(text).toMatch(/^event: view\ndata: \{"order_id":/);
    close();
  });

  it('serves its own OpenAPI document: the JSON API and the pages', async () => {
    const a = await app.handle(req('GET', '/openapi.json'));
    expect(a.status).toBe(200);
    const paths = Object.keys((json(a) as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/kco/api/orders/{order_id}/address', '/kco/frame/{order_id}']),
    );
  });
});
