import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../store/store';
import { listPushAttempts } from '../../store/push-attempts.repo';
import { createCore, type Core } from '../create-core';
import { ManualClock } from '../clock';
import { silentLogger } from '../log';
import { MerchantStub } from '../../test-kit/merchant-stub';
import { selfSignedStub } from '../../test-kit/self-signed-stub';
import { heldGate } from '../../test-kit/held-gate';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { sampleOrder } from '../../test-kit/temp-core';
import { FROM_LOG_NOTE, INTERRUPTED_NOTE } from './push-recovery';

// A kill -9 leaves both files as they were at that instant: these tests copy them at the instants that
// matter (a copy of the committed database and write-ahead files is what the next start finds) and
// start a second simulator on the copy, the first one still running.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const FILES = [
  'simulator.db',
  'simulator.db-wal',
  'simulator.db-push-written',
  'exchanges.db',
  'exchanges.db-wal',
];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-push-recovery-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Both files as a kill -9 now would leave them, in a new folder. */
function killedCopy(dir: string): string {
  const to = tempDir();
  for (const f of FILES) if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(to, f));
  return to;
}

function start(dir: string, clock = new ManualClock()) {
  const store = openStore(join(dir, 'simulator.db'));
  const core: Core = createCore({
    db: store.db,
    exchangeWriter: store.exchangeWriter,
    clock,
    log: silentLogger,
  });
  cleanups.push(() => core.close());
  return { core, db: store.db };
}

async function completedOrder(core: Core, pushUrl: string): Promise<string> {
  const urls = { ...(sampleOrder().merchant_urls as object), push: pushUrl };
  const id = core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
  await core.steps.address(id, { billing_address: FULL_ADDRESS });
  expect((await core.steps.complete(id, {})).outcome).toBe('completed');
  return id;
}

async function merchant() {
  const stub = await new MerchantStub().start();
  cleanups.push(() => stub.stop());
  return stub;
}

describe('after a kill, a push attempt reads what happened on the wire', () => {
  it('one whose answer the log committed (simulator.db had not yet) reads that answer, not interrupted', async () => {
    const dir = tempDir();
    const stub = await merchant();
    const first = start(dir);
    const id = await completedOrder(first.core, stub.url('/push?o={checkout.order.id}'));
    let copy = '';
    // Told once the log has committed the exchange, before push stores the answer (a later turn).
    first.core.events.on('exchange.recorded', (e) => {
      if (e.kind === 'push' && copy === '') copy = killedCopy(dir);
    });
    await first.core.clockControl.advance({ seconds: 120 });
    expect(copy).not.toBe('');

    const second = start(copy, new ManualClock(first.core.clock.now() + 60_000));
    const [attempt] = second.core.push.attempts(id);
    expect(attempt).toMatchObject({ number: 1, outcome: 'delivered', status: 200, note: FROM_LOG_NOTE });
    expect(await second.core.exchanges.find(attempt!.exchange_id!)).toMatchObject({
      kind: 'push',
      status: 200,
    });
    expect(listPushAttempts(second.db, id)[0]).toMatchObject({ wire: 'answered', claim: null });
    await second.core.clockControl.advance({ seconds: 3600 });
    expect(stub.to('/push')).toHaveLength(second.core.push.attempts(id).length); // none twice
  });

  it('one claimed and never written is sent after the restart, once, and says it went late and why', async () => {
    const dir = tempDir();
    const tls = await selfSignedStub();
    cleanups.push(() => tls.stop());
    const front = await heldGate(Number(new URL(tls.base).port));
    cleanups.push(() => front.close());
    const first = start(dir);
    // https: the request waits for the TLS handshake, which the held connection never makes.
    const id = await completedOrder(first.core, `https://127.0.0.1:${front.port}/push`);
    void first.core.clockControl.advance({ seconds: 120 });
    await front.first;
    expect(listPushAttempts(first.db, id).map((a) => [a.number, a.wire, a.outcome])).toEqual([
      [1, 'claimed', 'sending'],
    ]);
    expect(readFileSync(join(dir, 'simulator.db-push-written'), 'latin1')).toBe(''); // not written
    const copy = killedCopy(dir);
    front.pass();

    const second = start(copy, new ManualClock(first.core.clock.now() + 60_000));
    const done = new Promise((r) => second.core.events.on('push.attempted', r));
    await done;
    await second.core.timers.idle();
    const [attempt] = second.core.push.attempts(id);
    expect(attempt).toMatchObject({ number: 1, outcome: 'delivered', status: 200 });
    expect(attempt!.note).toMatch(
      /stopped before its request was written: sent after the restart, 60 s late/,
    );
    expect(Date.parse(attempt!.sent_at) - Date.parse(attempt!.due_at)).toBe(60_000);
    expect(tls.paths).toEqual(['/push']);
  });

  it('one written and unanswered reads interrupted and is not sent again', async () => {
    const dir = tempDir();
    const stub = await merchant();
    let copy = '';
    stub.on('/push', () => {
      if (copy === '') copy = killedCopy(dir); // the merchant has it; no answer recorded yet
      return { status: 200 };
    });
    const first = start(dir);
    const id = await completedOrder(first.core, stub.url('/push?o={checkout.order.id}'));
    await first.core.clockControl.advance({ seconds: 120 });

    const second = start(copy, new ManualClock(first.core.clock.now()));
    expect(second.core.push.attempts(id)).toMatchObject([
      { number: 1, outcome: 'interrupted', status: null, exchange_id: null, note: INTERRUPTED_NOTE },
    ]);
    await second.core.timers.idle();
    expect(stub.to('/push')).toHaveLength(1);
  });
});
