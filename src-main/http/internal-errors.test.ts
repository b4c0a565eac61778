import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, sampleOrder } from '../test-kit/temp-core';
import { bootedSim } from '../test-kit/booted-sim';

// An exception in a handler of any listener is a 500 in that API's own error shape, recorded in the
// exchange log with its cause, and the listener goes on answering.

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim({ console: true });
});
afterAll(() => sim.close());
afterEach(() => vi.restoreAllMocks());

const boom = (where: string) => () => {
  throw new TypeError(`boom in ${where}`);
};

/** The exchange the log recorded for the 500, found by its cause. */
async function recordedCause(where: string) {
  const page = await sim.core.exchanges.search({ filter: { status: '5xx' } });
  return page.exchanges.find((x) => x.error?.includes(`boom in ${where}`));
}

const jsonPost = (body: unknown = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('an exception in a handler', () => {
  it('is the provider API’s 500 in the checkout shape, recorded with its cause', async () => {
    vi.spyOn(sim.core.orders, 'getDoc').mockImplementation(boom('getDoc'));
    const r = await fetch(`${sim.urls.api}/checkout/v3/orders/o-1`, { headers: { authorization: basic() } });
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({
      error_code: 'INTERNAL_ERROR',
      correlation_id: expect.any(String),
    });
    const x = await recordedCause('getDoc');
    expect(x).toMatchObject({ kind: 'checkout.read', status: 500, outcome: 'INTERNAL_ERROR' });
    expect(x!.error).toMatch(/^TypeError: boom in getDoc\n\s+at /);
    vi.restoreAllMocks();
    expect(
      (await fetch(`${sim.urls.api}/checkout/v3/orders/o-1`, { headers: { authorization: basic() } })).status,
    ).toBe(404);
  });

  it('is the fake integrator’s 500 with failure_reason, recorded with its cause', async () => {
    vi.spyOn(sim.core.integrator, 'authenticate').mockImplementation(boom('authenticate'));
    const r = await fetch(`${sim.urls.integrator}/auth`, jsonPost({ identifier: 'x', secret: {} }));
    expect([r.status, await r.json()]).toEqual([500, { failure_reason: 'internal_error' }]);
    expect(await recordedCause('authenticate')).toMatchObject({ kind: 'integrator.auth', status: 500 });
  });

  it('is the embedded checkout’s 500 in its own shape, recorded with its cause (the token masked)', async () => {
    const { order_id } = sim.core.orders.create(sampleOrder());
    const token = sim.core.tokens.tokenOf(order_id);
    vi.spyOn(sim.core, 'customerView').mockImplementation(boom('customerView'));
    const r = await fetch(`${sim.urls.checkout}/kco/api/orders/${order_id}?token=${token}`);
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'the simulator failed unexpectedly; see its log' },
    });
    const x = await recordedCause('customerView');
    expect(x).toMatchObject({ kind: 'customer.request', direction: 'in', method: 'GET', status: 500 });
    expect(x!.url).toBe(`/kco/api/orders/${order_id}?token=****`);
    vi.restoreAllMocks();
    expect((await fetch(`${sim.urls.checkout}/kco/api/orders/${order_id}?token=${token}`)).status).toBe(200);
  });

  it('is the console’s 500 in the control API’s shape, recorded with its cause', async () => {
    vi.spyOn(sim.control, 'invoke').mockImplementation(boom('invoke'));
    const r = await fetch(`${sim.urls.console}/control/invoke/orders.list`, jsonPost());
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(await recordedCause('invoke')).toMatchObject({
      kind: 'control.request',
      url: '/control/invoke/orders.list',
      status: 500,
    });
    vi.restoreAllMocks();
    expect((await fetch(`${sim.urls.console}/control/invoke/orders.list`, jsonPost())).status).toBe(200);
  });
});
