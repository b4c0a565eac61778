import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepAnswer } from '@shared/schemas/customer.schema';
import { FULL_ADDRESS, sessionEnv } from '../../test-kit/session-env';
import { sampleOrder } from '../../test-kit/temp-core';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const SECOND_ADDRESS = { ...FULL_ADDRESS, street_address: 'Drottninggatan 1', postal_code: '11151' };

describe('in-session callback faults, observed at the merchant’s server', () => {
  it('concurrent_callbacks: address_update arrives twice at once; the first answer applies', async () => {
    env = await sessionEnv(['address_update']);
    env.core.faults.set({ concurrent_callbacks: true });
    // Neither request is answered until both have arrived: sent one after the other, the step would hang.
    let release: () => void = () => undefined;
    const both = new Promise<void>((r) => (release = r));
    env.stub.on(env.path('address_update'), async () => {
      if (env.stub.to(env.path('address_update')).length === 2) release();
      await both;
      return { body: { merchant_data: `answer ${env.stub.to(env.path('address_update')).length}` } };
    });
    const step = (await env.core.control.invoke('session.address', {
      orderId: env.id,
      input: { billing_address: FULL_ADDRESS },
    })) as StepAnswer;
    const arrived = env.stub.to(env.path('address_update'));
    expect(arrived).toHaveLength(2);
    expect(arrived[0]!.body).toBe(arrived[1]!.body);
    expect(step.outcome).toBe('applied');
    expect(step.exchange_ids).toHaveLength(2);
    expect(step.notes.join(' ')).toMatch(
      /merchant fault concurrent_callbacks: address_update was sent twice/,
    );
    const log = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    const second = log.find((e) => e.id === step.exchange_ids[1])!;
    expect([second.fault, second.outcome]).toEqual([
      'concurrent_callbacks',
      'answered 200, ignored · fault: concurrent_callbacks',
    ]);
    expect(step.customer_view.address_entered).toBe(true);
    expect(env.core.orders.load(env.id)!.state.faults_applied).toEqual([
      expect.objectContaining({ fault: 'concurrent_callbacks', exchange_ids: step.exchange_ids }),
    ]);
  });

  it('late_callback: after the second address_update is answered, the first arrives again', async () => {
    env = await sessionEnv(['address_update']);
    await env.core.faults.setOrder(env.id, { late_callback: true });
    const answeredAt: number[] = [];
    env.stub.on(env.path('address_update'), () => {
      answeredAt.push(env.stub.to(env.path('address_update')).length);
      return { body: {} };
    });
    const first = await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    expect(first.notes.join(' ')).toMatch(/no earlier callback/);
    const second = (await env.core.control.invoke('session.address', {
      orderId: env.id,
      input: { billing_address: SECOND_ADDRESS },
    })) as StepAnswer;
    const bodies = env.stub.to(env.path('address_update')).map((r) => r.json as { billing_address: unknown });
    expect(bodies.map((b) => b.billing_address)).toEqual([FULL_ADDRESS, SECOND_ADDRESS, FULL_ADDRESS]);
    expect(answeredAt).toEqual([1, 2, 3]);
    // The late answer changes nothing: the customer keeps the address they entered last.
    expect(second.customer_view.billing_address).toMatchObject({
      street_address: SECOND_ADDRESS.street_address,
    });
    expect(second.exchange_ids).toHaveLength(2);
    const late = (await env.core.exchanges.list({ orderId: env.id })).find(
      (e) => e.id === second.exchange_ids[1],
    )!;
    expect([late.kind, late.fault]).toEqual(['address_update', 'late_callback']);
  });
});

/**
 * A merchant's server that takes `delayMs` over every request and records whether the service was
 * still connected when the answer went out (node:http emits `close` on the response before `finish`
 * when the client has gone).
 */
async function slowMerchant(delayMs: number) {
  const seen: { path: string; answered: boolean; closedEarly: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    const entry = { path: req.url ?? '', answered: false, closedEarly: false };
    seen.push(entry);
    req.resume();
    res.on('close', () => {
      if (!res.writableFinished) entry.closedEarly = true;
    });
    setTimeout(() => {
      if (entry.closedEarly) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}', () => (entry.answered = true));
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('abandon_slow_callback, observed at the merchant’s server', () => {
  it('stops waiting at the time limit while the request stays open; without it the connection is closed', async () => {
    const merchant = await slowMerchant(600);
    env = await sessionEnv([]);
    env.core.settings.update({ callback_timeout_ms: 150 });
    const order = async (abandon: boolean) => {
      const o = env.core.orders.create(
        sampleOrder({
          merchant_urls: {
            ...env.order.merchant_urls,
            address_update: `${merchant.base}/address_update/{checkout.order.id}`,
          },
        }),
      );
      if (abandon) await env.core.faults.setOrder(o.order_id, { abandon_slow_callback: true });
      return o.order_id;
    };
    try {
      const plain = await order(false);
      const faulty = await order(true);
      const a = await env.core.steps.address(plain, { billing_address: FULL_ADDRESS });
      const b = await env.core.steps.address(faulty, { billing_address: FULL_ADDRESS });
      // Both fail with the generic error at the limit, as the spec says of a callback over its time.
      expect([a.outcome, b.outcome]).toEqual(['failed', 'failed']);
      expect(b.notes.join(' ')).toMatch(/merchant fault abandon_slow_callback/);
      await new Promise((r) => setTimeout(r, 800));
      const at = (id: string) => merchant.seen.find((s) => s.path === `/address_update/${id}`)!;
      // Without the fault the connection is closed at the limit: the merchant's answer has nowhere to go.
      expect(at(plain)).toMatchObject({ closedEarly: true, answered: false });
      // With it the merchant is still connected when it answers, long after the service stopped waiting.
      expect(at(faulty)).toMatchObject({ closedEarly: false, answered: true });
      const log = await env.core.exchanges.list({ orderId: faulty, ascending: true });
      const calls = log.filter((e) => e.kind === 'address_update');
      expect(calls.map((e) => [e.status, e.fault, e.outcome])).toEqual([
        [null, 'abandon_slow_callback', 'failed · fault: abandon_slow_callback'],
        [
          200,
          'abandon_slow_callback',
          'answered 200 after being abandoned: ignored · fault: abandon_slow_callback',
        ],
      ]);
      expect(calls[0]!.response.body).toMatch(/abandoned after 150 ms; the request is left open/);
      expect(env.core.orders.load(faulty)!.state.address_entered).toBe(false);
    } finally {
      await merchant.stop();
    }
  });
});
