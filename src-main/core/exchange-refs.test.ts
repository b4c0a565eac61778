import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { findExchange } from '../store/exchanges.repo';
import { openStore } from '../store/store';
import { createCore, type Core } from './create-core';
import { ManualClock } from './clock';
import { silentLogger } from './log';
import { MerchantStub } from '../test-kit/merchant-stub';
import { FULL_ADDRESS } from '../test-kit/session-env';
import { sampleOrder } from '../test-kit/temp-core';

// A kill can land at any moment; the worst for a reference is just before the log commits a batch:
// everything simulator.db names by then must already be in the log file. The writer below checks that
// at each commit, before letting it through.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const EXCHANGE_ID = /ex_[0-9a-z]{13}/g;

/** Every exchange id simulator.db names: checkout sessions, order management state, push attempts. */
function namedIds(db: Db): string[] {
  const texts = db
    .prepare(
      `SELECT doc || coalesce(session, '') FROM checkout_orders UNION ALL SELECT state FROM om_orders
       UNION ALL SELECT exchange_id FROM push_attempts WHERE exchange_id IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  return [...new Set(texts.flatMap((t) => t.match(EXCHANGE_ID) ?? []))];
}

/** The exchange writer, checking before each commit that every id simulator.db names is in the log. */
function checkingWriter(w: ExchangeWriter, db: () => Db, missing: string[]): ExchangeWriter {
  return {
    append: (e, h) => w.append(e, h),
    commit: () => {
      for (const id of namedIds(db())) if (!findExchange(db(), id)) missing.push(id);
      return w.commit();
    },
    clear: () => w.clear(),
    close: () => w.close(),
  };
}

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'sim-exchange-refs-'));
  const stub = await new MerchantStub().start();
  const store = openStore(join(dir, 'simulator.db'));
  const missing: string[] = [];
  const writer = checkingWriter(store.exchangeWriter, () => store.db, missing);
  const core: Core = createCore({
    db: store.db,
    exchangeWriter: writer,
    clock: new ManualClock(),
    log: silentLogger,
  });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => stub.stop(),
    () => core.close(),
  );
  const urls = {
    ...(sampleOrder().merchant_urls as object),
    push: stub.url('/push?o={checkout.order.id}'),
    address_update: stub.url('/address'),
    notification: stub.url('/notification'),
    upsell: stub.url('/upsell'),
  };
  const id = core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
  return { core, db: store.db, id, missing, stub };
}

describe('a record in simulator.db names an exchange only once the log holds it', () => {
  it("a customer step's exchange_ids, the upsell step's and the merchant faults applied after the purchase", async () => {
    const { core, db, id, missing, stub } = await setup();
    await core.faults.setOrder(id, {
      duplicate_push: true,
      push_unknown_order: true,
      duplicate_notification: true,
    });
    const step = await core.steps.address(id, { billing_address: FULL_ADDRESS });
    expect(step.exchange_ids).toHaveLength(1);
    expect((await core.steps.complete(id, { fraud_status: 'PENDING' })).outcome).toBe('completed');
    await core.clockControl.advance({ seconds: 120 });
    await core.fraud.resolve(id, { fraud_status: 'ACCEPTED' });
    // The upsell step on the confirmation page names its call too.
    core.settings.update({ upsell_enabled: true });
    stub.on('/upsell', { body: { upsell_order_lines: [] } });
    expect((await core.upsell.fetch(id)).exchange_ids).toHaveLength(1);
    await core.exchanges.flush();

    const applied = core.om.faultsApplied(id).map((f) => [f.fault, f.exchange_ids.length]);
    expect(applied).toEqual([
      ['duplicate_push', 1],
      ['push_unknown_order', 1],
      ['duplicate_notification', 1],
    ]);
    expect(stub.to('/notification')).toHaveLength(2);
    const named = namedIds(db);
    expect(named.length).toBeGreaterThanOrEqual(7); // the steps', the push and its faults', the notifications'
    expect(named.filter((x) => !findExchange(db, x))).toEqual([]);
    expect(missing).toEqual([]);
  });
});
