import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { pushOffsets } from '@shared/rules/push-schedule';
import { apiClient } from '../test-kit/after-purchase-env';
import { CLI, readyLine, requireBuiltCli, Spawned } from '../test-kit/built-cli';
import { MerchantStub } from '../test-kit/merchant-stub';
import { heldGate } from '../test-kit/held-gate';
import { selfSignedStub } from '../test-kit/self-signed-stub';
import { FULL_ADDRESS } from '../test-kit/session-env';
import { sampleOrder } from '../test-kit/temp-core';

// Runs the built CLI (`npm run build` first) and kills it with SIGKILL between push attempts.
const spawned = new Spawned('sim-push-kill-');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  spawned.cleanup();
  for (const c of cleanups.splice(0)) await c();
});

async function start(dataDir: string) {
  requireBuiltCli();
  const proc = spawned.spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const { ready } = await readyLine<{ api: string }>(proc);
  return { proc, api: apiClient(ready.api) };
}

async function kill9(proc: ChildProcess): Promise<void> {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

/** A manual clock and an order completed over the automation API, pushing to the stub. */
async function completedOrder(
  api: ReturnType<typeof apiClient>,
  stub: MerchantStub | string,
): Promise<string> {
  expect((await api('PUT', '/test_helpers/clock', { mode: 'manual' })).body.mode).toBe('manual');
  const push = typeof stub === 'string' ? stub : stub.url('/push?id={checkout.order.id}');
  const urls = { ...(sampleOrder().merchant_urls as object), push };
  const order = await api('POST', '/checkout/v3/orders', sampleOrder({ merchant_urls: urls }));
  const id = order.body.order_id as string;
  await api('POST', `/test_helpers/checkout/orders/${id}/address`, { billing_address: FULL_ADDRESS });
  expect((await api('POST', `/test_helpers/checkout/orders/${id}/complete`)).body.outcome).toBe('completed');
  return id;
}

const next = (api: ReturnType<typeof apiClient>) =>
  api('POST', '/test_helpers/clock/advance', { until: 'next_event' });

async function drain(api: ReturnType<typeof apiClient>): Promise<void> {
  while ((await next(api)).body.fired_total > 0);
}

async function setup() {
  const dir = spawned.tempDir();
  const stub = await new MerchantStub().start();
  cleanups.push(() => stub.stop());
  return { dir, stub };
}

describe('push schedule across kill -9', () => {
  it('resumes after a kill between two attempts: no gap, no duplicate', async () => {
    const { dir, stub } = await setup();
    const first = await start(dir);
    const id = await completedOrder(first.api, stub);
    for (let i = 0; i < 3; i++) await next(first.api);
    expect(stub.to('/push')).toHaveLength(3);
    const clockBefore = (await first.api('GET', '/test_helpers/clock')).body;
    await kill9(first.proc);

    const second = await start(dir);
    expect((await second.api('GET', '/test_helpers/clock')).body).toMatchObject({
      mode: 'manual',
      now: clockBefore.now,
      next_event_at: clockBefore.next_event_at,
    });
    await drain(second.api);
    const timeline = (await second.api('GET', `/test_helpers/orders/${id}/push`)).body;
    expect(timeline.attempts.map((a: { number: number }) => a.number)).toEqual(
      [...Array(16).keys()].map((i) => i + 1),
    );
    const first0 = Date.parse(timeline.first_attempt_at);
    expect(timeline.attempts.map((a: { due_at: string }) => Date.parse(a.due_at) - first0)).toEqual([
      ...pushOffsets(),
    ]);
    expect(timeline.attempts.every((a: { outcome: string }) => a.outcome === 'delivered')).toBe(true);
    expect(stub.to('/push')).toHaveLength(16);
  });

  it('never sends an attempt twice: one killed in flight reads interrupted and the schedule goes on', async () => {
    const { dir, stub } = await setup();
    const first = await start(dir);
    const id = await completedOrder(first.api, stub);
    await next(first.api);
    let held = 0;
    stub.on('/push', () => (++held === 1 ? { status: 200, delayMs: 60_000 } : { status: 200 }));
    void next(first.api).catch(() => undefined); // attempt 2 is sent; its answer never comes
    while (stub.to('/push').length < 2) await new Promise((r) => setTimeout(r, 10));
    await kill9(first.proc);

    const second = await start(dir);
    await drain(second.api);
    const attempts = (await second.api('GET', `/test_helpers/orders/${id}/push`)).body.attempts as {
      number: number;
      outcome: string;
    }[];
    expect(attempts.map((a) => a.number)).toEqual([...Array(16).keys()].map((i) => i + 1));
    expect(attempts[1]!.outcome).toBe('interrupted');
    expect(attempts.filter((a) => a.outcome === 'delivered')).toHaveLength(15);
    expect(stub.to('/push')).toHaveLength(16);
  });

  it('sends one claimed and never written after the restart, at once and once, saying it went late and why', async () => {
    const dir = spawned.tempDir();
    const tls = await selfSignedStub();
    const gate = await heldGate(Number(new URL(tls.base).port));
    cleanups.push(
      () => tls.stop(),
      () => gate.close(),
    );
    const first = await start(dir);
    // https through a gate that holds the connection: the TLS handshake never ends, nothing is written.
    const id = await completedOrder(first.api, `https://127.0.0.1:${gate.port}/push`);
    void next(first.api).catch(() => undefined); // attempt 1 is claimed
    await gate.first;
    await kill9(first.proc);
    gate.pass();

    const second = await start(dir); // sends it before any advance (a manual clock)
    while (tls.paths.length < 1) await new Promise((r) => setTimeout(r, 10));
    let timeline = (await second.api('GET', `/test_helpers/orders/${id}/push`)).body;
    while (timeline.attempts[0].outcome === 'sending') {
      await new Promise((r) => setTimeout(r, 10));
      timeline = (await second.api('GET', `/test_helpers/orders/${id}/push`)).body;
    }
    expect(timeline.attempts[0]).toMatchObject({ number: 1, outcome: 'delivered', status: 200 });
    expect(timeline.attempts[0].note).toMatch(/the simulator stopped before its request was written/);
    await drain(second.api);
    const attempts = (await second.api('GET', `/test_helpers/orders/${id}/push`)).body.attempts as unknown[];
    expect(attempts).toHaveLength(16);
    expect(tls.paths).toHaveLength(16);
  });
});
