import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder } from '../test-kit/temp-core';
import { bootedSim } from '../test-kit/booted-sim';

// Found by the fuzz of the checkout and console listeners: a body over the limit was refused with the
// connection marked keep-alive and then reset under the client, whose next request on it failed; and
// refusals of a body that is not JSON, or of the wrong Content-Type, named no field.

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim({ console: true });
});
afterAll(() => sim.close());

/** POSTs over one kept-alive socket; resolves with the status and body, or the transport error. */
function post(agent: Agent, url: string, body: string, type = 'application/json') {
  return new Promise<{ status: number; body: unknown } | { error: string }>((resolve) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

describe('the node:http listeners', () => {
  it('refuse a body too large and answer the next request on the same connection', async () => {
    const { order_id } = sim.core.orders.create(sampleOrder());
    const token = sim.core.tokens.tokenOf(order_id);
    const huge = `{"x":"${'y'.repeat(1_500_000)}"}`;
    for (const [url, ok] of [
      [`${sim.urls.console}/control/invoke/orders.list`, 200],
      [`${sim.urls.checkout}/kco/api/orders/${order_id}/client_events?token=${token}`, 400],
    ] as const) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await post(agent, url, huge)).toMatchObject({ status: 413 });
        expect(await post(agent, url, '{}')).toMatchObject({ status: ok });
      } finally {
        agent.destroy();
      }
    }
  });

  it('name the body or the header in their refusals', async () => {
    const { order_id } = sim.core.orders.create(sampleOrder());
    const token = sim.core.tokens.tokenOf(order_id);
    const agent = new Agent({ keepAlive: true });
    const step = `${sim.urls.checkout}/kco/api/orders/${order_id}/country?token=${token}`;
    try {
      expect(await post(agent, step, '{"country":')).toEqual({
        status: 400,
        body: {
          error: {
            code: 'BAD_VALUE',
            message: '(body): is not valid JSON',
            problems: [{ path: '(body)', message: 'is not valid JSON' }],
          },
        },
      });
      expect(await post(agent, step, '{"country":"DE"}', 'text/plain')).toMatchObject({
        status: 400,
        body: { error: { problems: [{ path: 'Content-Type', message: 'must be application/json' }] } },
      });
      expect(await post(agent, `${sim.urls.console}/control/invoke/orders.list`, '[1,')).toEqual({
        status: 400,
        body: {
          ok: false,
          error: {
            code: 'BAD_INPUT',
            message: '(body): is not valid JSON',
            problems: [{ path: '(body)', message: 'is not valid JSON' }],
          },
        },
      });
    } finally {
      agent.destroy();
    }
  });
});
