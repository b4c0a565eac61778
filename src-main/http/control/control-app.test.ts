import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder, tempCore } from '../../test-kit/temp-core';
import { hostRuleFor } from '../host-check';
import type { ListenerAnswer, ListenerApp } from '../listener-app';
import type { HttpRequest } from '../router';
import { controlApp } from './control-app';

let env: ReturnType<typeof tempCore>;
let app: ListenerApp;
beforeEach(() => {
  env = tempCore();
  app = controlApp(env.core, env.core.control, null, hostRuleFor('127.0.0.1'));
});
afterEach(() => env.dispose());

/** A request as the console's page sends it, read already: no socket. */
function req(method: string, path: string, body?: string, headers: Record<string, string> = {}): HttpRequest {
  return {
    method,
    path,
    search: '',
    headers: { host: '127.0.0.1:4701', 'content-type': 'application/json', ...headers },
    body: body === undefined ? null : Buffer.from(body),
  };
}
const invoke = (op: string, input: unknown, headers: Record<string, string> = {}) =>
  app.handle(req('POST', `/control/invoke/${op}`, JSON.stringify(input), headers));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' JSON, read field by field
const json = (a: ListenerAnswer) => JSON.parse(a.body ?? 'null') as Record<string, any>;

describe('the control API through handle()', () => {
  it('runs an operation and answers its value, never cached', async () => {
    env.core.orders.create(sampleOrder());
    const a = await invoke('orders.list', {});
    expect(a.status).toBe(200);
    expect(a.headers).toEqual({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    expect(json(a)).toMatchObject({ ok: true, value: { orders: [{ order_amount: 50000 }] } });
  });

  it('validates input with the contract schema and names the field; an unknown operation is a 404', async () => {
    const bad = await invoke('orders.get', { orderId: 5 });
    expect(bad.status).toBe(400);
    expect(json(bad).error.message).toContain('orderId');
    const unknown = await invoke('orders.nope', {});
    expect([unknown.status, json(unknown).error.code]).toEqual([404, 'UNKNOWN_OPERATION']);
  });

  it('refuses a body that is not JSON, too large or of another type, naming what is wrong', async () => {
    const broken = await app.handle(req('POST', '/control/invoke/orders.list', '[1,'));
    expect([broken.status, json(broken)]).toEqual([
      400,
      {
        ok: false,
        error: {
          code: 'BAD_INPUT',
          message: '(body): is not valid JSON',
          problems: [{ path: '(body)', message: 'is not valid JSON' }],
        },
      },
    ]);
    const typed = await app.handle(
      req('POST', '/control/invoke/orders.list', '{}', { 'content-type': 'text/plain' }),
    );
    expect([typed.status, json(typed).error.message]).toEqual([415, 'Content-Type must be application/json']);
    const huge = await app.handle({ ...req('POST', '/control/invoke/orders.list'), bodyTooLarge: true });
    expect([huge.status, json(huge).error.message]).toEqual([413, 'body too large']);
  });

  it('answers an empty body as no input', async () => {
    expect((await app.handle(req('POST', '/control/invoke/orders.list', ''))).status).toBe(200);
  });

  it('refuses a foreign Origin and a foreign Host before anything else', async () => {
    const origin = await invoke('orders.list', {}, { origin: 'http://evil.example' });
    expect([origin.status, json(origin).error.code]).toEqual([403, 'FORBIDDEN']);
    const host = await app.handle(req('GET', '/', undefined, { host: 'evil.example:4701' }));
    expect(host.status).toBe(403);
    expect(json(host).error.message).toContain('a guard against DNS rebinding');
    for (const h of ['192.0.2.10:4701', 'localhost:8701', '[::1]:8701', 'console.localhost'])
      expect((await invoke('orders.list', {}, { host: h, origin: `http://${h}` })).status, h).toBe(200);
  });

  it('answers another method on its paths, or an unknown path, 404 in its shape', async () => {
    for (const [method, path] of [
      ['POST', '/control/events'],
      ['DELETE', '/control/invoke/orders.list'],
      ['PUT', '/anything'],
    ] as const) {
      const a = await app.handle(req(method, path));
      expect([method, path, a.status, json(a)]).toEqual([
        method,
        path,
        404,
        { ok: false, error: { code: 'NOT_FOUND', message: path } },
      ]);
    }
  });

  it('streams the console’s events: the connected comment, then each event as it happens', async () => {
    const a = await app.handle(req('GET', '/control/events'));
    expect([a.status, a.headers?.['Content-Type']]).toEqual([200, 'text/event-stream']);
    let text = '';
    let close = () => {};
    a.stream!({ write: (t) => (text += t), end: () => {}, onClose: (fn) => (close = fn) });
    expect(text).toBe(': connected\nretry: 1000\n\n');
    env.core.events.emit('exchange.recorded', { id: 'ex_1', order_id: null, kind: 'push' });
    await vi.waitFor(() => expect(text).toContain('event: exchange.recorded\ndata: {"id":"ex_1"'));
    close();
    env.core.events.emit('exchange.recorded', { id: 'ex_2', order_id: null, kind: 'push' });
    await new Promise((r) => setTimeout(r, 300));
    expect(text).not.toContain('ex_2');
  });

  it('serves the built console for any other GET, and says when it is not built', async () => {
    const missing = await app.handle(req('GET', '/'));
    expect([missing.status, missing.body]).toEqual([
      503,
      'The console is not built: run `npm run build`, then reload.\n',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'sim-console-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
      const built = controlApp(env.core, env.core.control, dir, hostRuleFor('127.0.0.1'));
      const page = await built.handle(req('GET', '/'));
      expect(page.status).toBe(200);
      expect(page.headers?.['Content-Security-Policy']).toContain("frame-ancestors 'none'");
      expect(page.bytes?.toString()).toContain('<title>console</title>');
      // A GET of an operation's path that is not its method is a page too (none here).
      expect((await built.handle(req('GET', '/control/invoke/orders.list'))).status).toBe(404);
      expect((await built.handle(req('GET', '/../../etc/passwd'))).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves its own OpenAPI document, naming the address the console was reached at', async () => {
    const a = await app.handle(req('GET', '/openapi.json', undefined, { host: 'localhost:9701' }));
    expect(a.status).toBe(200);
    const doc = json(a);
    expect(doc.info.title).toContain('control');
    expect(doc.servers).toEqual([{ url: 'http://localhost:9701', description: 'This simulator' }]);
    expect(Object.keys(doc.paths)).toEqual(['/control/invoke/{op}', '/control/events', '/openapi.json']);
  });
});
