import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { sampleOrder } from '../../test-kit/temp-core';
import { FEED_CAP } from '../../core/event-feed';
import { tempListeners, type TempListeners } from '../test-kit/temp-listeners';

let sim: TempListeners;
beforeEach(async () => {
  sim = await tempListeners();
});
afterEach(() => sim.close());

const invoke = (op: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sim.l.urls.console}/control/invoke/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// The control API's operations are tested through handle() in control-app.test.ts; these keep the
// listener's wiring honest: the body read off the socket, the Host guard, the event stream's writes.
describe('control API over HTTP', () => {
  it('runs an operation and returns its value', async () => {
    sim.env.core.orders.create(sampleOrder());
    const r = await invoke('orders.list', {});
    expect(r.status).toBe(200);
    const out = await r.json();
    expect(out.ok).toBe(true);
    expect(out.value.orders[0].order_amount).toBe(50000);
  });

  /** A control call with `host` in its Host header (fetch would not send one of its own choosing). */
  const withHost = (host: string) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: new URL(sim.l.urls.console).port,
          path: '/control/invoke/orders.list',
          method: 'POST',
          headers: { host, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.end('{}');
    });

  it('refuses a foreign Origin and a foreign Host', async () => {
    expect((await invoke('orders.list', {}, { origin: 'http://evil.example' })).status).toBe(403);
    const port = new URL(sim.l.urls.console).port;
    const foreign = await withHost(`evil.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.message).toContain('a guard against DNS rebinding');
  });

  it('streams order.created as a server-sent event when an order is created through the API', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${sim.l.urls.console}/control/events`, { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    await reader.read(); // the ': connected' comment
    const created = await fetch(`${sim.l.urls.api}/checkout/v3/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('merchant:secret')}` },
      body: JSON.stringify(sampleOrder()),
    }).then((r) => r.json());
    let text = '';
    while (!text.includes('event: order.created'))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain(created.order_id);
    ctrl.abort();
  });

  it('streams a burst bounded: FEED_CAP events of a name, then events.skipped counting the rest', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${sim.l.urls.console}/control/events`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    await reader.read(); // the ': connected' comment
    const burst = FEED_CAP + 450;
    for (let i = 0; i < burst; i++)
      sim.env.core.events.emit('exchange.recorded', { id: `ex_${i}`, order_id: null, kind: 'push' });
    let text = '';
    while (!text.includes('event: events.skipped'))
      text += new TextDecoder().decode((await reader.read()).value);
    while (!text.endsWith('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    expect(text.match(/event: exchange\.recorded\n/g)).toHaveLength(FEED_CAP);
    expect(text).toContain(`"id":"ex_${FEED_CAP - 1}"`);
    expect(text).not.toContain(`"id":"ex_${FEED_CAP}"`);
    const skipped = /event: events\.skipped\ndata: (.*)\n/.exec(text)![1]!;
    expect(JSON.parse(skipped)).toEqual({ names: ['exchange.recorded'], count: burst - FEED_CAP });
  });
});
