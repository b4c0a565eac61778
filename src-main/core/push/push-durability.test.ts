import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { listPushAttempts } from '../../store/push-attempts.repo';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { sampleOrder } from '../../test-kit/temp-core';
import { heldLogCore } from '../../test-kit/held-writer';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const env = await heldLogCore('push-durable');
  cleanups.push(env.done);
  const { core, db, stub, release } = env;
  const urls = { ...(sampleOrder().merchant_urls as object), push: stub.url('/push?o={checkout.order.id}') };
  const id = core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
  await core.steps.address(id, { billing_address: FULL_ADDRESS });
  expect((await core.steps.complete(id, {})).outcome).toBe('completed');
  return { core, db, id, release };
}

describe('a push attempt is stored with its answer only once its exchange is in the log', () => {
  it('holds the answer while the log has not written the exchange, then stores both', async () => {
    const { core, db, id, release } = await setup();
    const attempted = new Promise((r) => core.events.on('push.attempted', r));
    const advanced = core.clockControl.advance({ seconds: 120 });
    await attempted; // the merchant answered; the log's write is held
    await new Promise((r) => setImmediate(r)); // the round ends: it waits for the log
    const [row] = listPushAttempts(db, id);
    // A kill now leaves the attempt 'sending' (read as interrupted), never an exchange id the log lacks.
    expect([row?.outcome, row?.exchange_id]).toEqual(['sending', null]);
    // Written: marked in the file beside simulator.db (push-wire-marks.ts), just before the write.
    expect(readFileSync(`${db.name}-push-written`, 'latin1')).toBe(`${row!.seq}\n`);
    // Readers see the answer already.
    expect(core.push.attempts(id)[0]?.outcome).toBe('delivered');
    release();
    await advanced;
    const [stored] = listPushAttempts(db, id);
    expect(stored?.outcome).toBe('delivered');
    expect(await core.exchanges.find(stored!.exchange_id!)).toMatchObject({ kind: 'push', order_id: id });
  });
});
