import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';
import { MerchantStub } from '../../test-kit/merchant-stub';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
let other: MerchantStub | null = null;
afterEach(async () => {
  await other?.stop();
  other = null;
  await env?.close();
});

/** The order's first push, and its exchange. */
async function firstPush(): Promise<Exchange> {
  await env.complete();
  await env.core.clockControl.advance({ seconds: 120 });
  const id = env.core.push.attempts(env.id)[0]!.exchange_id!;
  return (await env.core.exchanges.find(id))!;
}

describe('replaying a recorded outbound exchange', () => {
  it('sends a push again as it was: a new exchange under the same order, naming the original', async () => {
    env = await afterPurchaseEnv();
    const push = await firstPush();
    const r = await env.api('POST', `/test_helpers/exchanges/${push.id}/replay`);
    expect(r.status).toBe(201);
    const replay = r.body as Exchange;
    expect(replay.id).not.toBe(push.id);
    expect(replay).toMatchObject({
      order_id: env.id,
      direction: 'out',
      kind: 'push',
      method: 'POST',
      url: push.url,
      status: 200,
      replay_of: push.id,
      edited: [],
      outcome: 'replay: answered 200',
    });
    expect(replay.request.body).toBeNull();
    const pushes = env.stub.to('/push');
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.url).toBe(pushes[0]!.url);
    expect(pushes[1]!.headers['user-agent']).toBe(pushes[0]!.headers['user-agent']);
    // The log lists it with its link; the original is unchanged, and the push schedule knows nothing of it.
    const log = (await env.api('GET', `/test_helpers/exchanges?order_id=${env.id}`)).body
      .exchanges as Exchange[];
    expect(log.find((e) => e.id === replay.id)?.replay_of).toBe(push.id);
    expect(log.find((e) => e.id === push.id)?.replay_of).toBeUndefined();
    expect(env.core.push.attempts(env.id)).toHaveLength(1);
  });

  it('records the edits: another URL, a header set, the body replaced', async () => {
    env = await afterPurchaseEnv(['notification']);
    other = await new MerchantStub().start();
    await env.complete({ fraud_status: 'PENDING' });
    const resolved = await env.api('POST', `/test_helpers/orders/${env.id}/fraud_status`, {
      fraud_status: 'ACCEPTED',
    });
    const original = resolved.body.notification.exchange_id as string;
    const replay = (await env.core.control.invoke('exchanges.replay', {
      exchangeId: original,
      url: other.url('/hooks/notification'),
      headers: { 'X-Replayed-By': 'qa', 'content-type': 'application/json; charset=utf-8' },
      body: { order_id: env.id, event_type: 'FRAUD_RISK_STOPPED' },
    })) as Exchange;
    expect(replay).toMatchObject({
      kind: 'notification',
      replay_of: original,
      edited: ['url', 'headers.X-Replayed-By', 'headers.content-type', 'body'],
      url: other.url('/hooks/notification'),
    });
    const [received] = other.to('/hooks/notification');
    expect(received!.json).toEqual({ order_id: env.id, event_type: 'FRAUD_RISK_STOPPED' });
    expect(received!.headers['x-replayed-by']).toBe('qa');
    expect(received!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(received!.headers['content-length']).toBe(String(received!.body.length));
    // The original server got only the original.
    expect(env.stub.to(`/notification/${env.id}`)).toHaveLength(1);
    // Editing a body to what it was is no edit.
    const same = (await env.core.control.invoke('exchanges.replay', {
      exchangeId: original,
      body: (await env.core.exchanges.find(original))!.request.body,
    })) as Exchange;
    expect(same.edited).toEqual([]);
  });

  it('answers 409 LOG_CLEARED when the log is cleared while the replay is out (found by tools/fuzz.mjs)', async () => {
    env = await afterPurchaseEnv();
    const push = await firstPush();
    const log = env.core.exchanges;
    const find = log.find.bind(log);
    // The clear lands between the call's record and its read-back, as a concurrent DELETE did.
    vi.spyOn(log, 'find').mockImplementation(async (id: string) => {
      if (id !== push.id) await log.clear();
      return find(id);
    });
    const r = await env.api('POST', `/test_helpers/exchanges/${push.id}/replay`);
    expect([r.status, r.body.error_code]).toEqual([409, 'LOG_CLEARED']);
    expect(r.body.error_messages[0]).toMatch(/was sent again \(answered 200\), but the log was cleared/);
    expect(env.stub.to('/push')).toHaveLength(2);
  });

  it('refuses what it cannot send again: an unknown exchange, a call made to the simulator, bad edits', async () => {
    env = await afterPurchaseEnv();
    const push = await firstPush();
    const unknown = await env.api('POST', '/test_helpers/exchanges/ex_nope/replay');
    expect([unknown.status, unknown.body.error_code]).toEqual([404, 'NOT_FOUND']);
    await env.api('GET', `/checkout/v3/orders/${env.id}`);
    const inbound = (await env.core.exchanges.list({ orderId: env.id })).find((e) => e.direction === 'in')!;
    const refused = await env.api('POST', `/test_helpers/exchanges/${inbound.id}/replay`, {});
    expect([refused.status, refused.body.error_code]).toEqual([409, 'NOT_REPLAYABLE']);
    const bad = await env.api('POST', `/test_helpers/exchanges/${push.id}/replay`, {
      url: 'ftp://x',
      headers: { 'Content-Length': '9', 'User-Agent': null, 'bad name': 'x' },
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^url: /),
        expect.stringMatching(/^headers\.bad name: |^headers: /),
        'extra: is not a known field',
      ]),
    );
    const computed = await env.api('POST', `/test_helpers/exchanges/${push.id}/replay`, {
      headers: { 'Content-Length': '9', 'User-Agent': null },
    });
    expect(computed.body.error_messages).toEqual([
      'headers.Content-Length: is written by the client for the body sent',
      'headers.User-Agent: is always sent: give it another value instead',
    ]);
    expect(env.stub.to('/push')).toHaveLength(1);
  });
});
