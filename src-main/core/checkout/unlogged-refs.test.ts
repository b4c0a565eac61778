import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExchangeWriter } from '../../store/exchange-writer';
import { getCheckoutOrder, updateCheckoutSession } from '../../store/checkout-orders.repo';
import { openStore } from '../../store/store';
import { createCore } from '../create-core';
import { ManualClock } from '../clock';
import { silentLogger } from '../log';
import { MerchantStub } from '../../test-support/merchant-stub';
import { FULL_ADDRESS } from '../../test-support/session-env';
import { sampleOrder } from '../../test-support/temp-core';

// A customer step answers without waiting for the log's writer thread; until the log holds the step's
// exchanges, simulator.db names them by placeholders (unlogged-refs.ts).
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The exchange writer with its commits held until `open()`: the log file lags as far as a test wants. */
function gatedWriter(w: ExchangeWriter) {
  let open = false;
  let waiting: (() => void)[] = [];
  const writer: ExchangeWriter = {
    append: (e, h) => w.append(e, h),
    commit: () => {
      if (open) return w.commit();
      // The batch is the writer's as appended now; it commits once the gate opens.
      return new Promise<void>((resolve, reject) => waiting.push(() => w.commit().then(resolve, reject)));
    },
    clear: () => w.clear(),
    close: () => w.close(),
  };
  return {
    writer,
    open: () => {
      open = true;
      const held = waiting;
      waiting = [];
      for (const go of held) go();
    },
  };
}

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'sim-unlogged-'));
  const stub = await new MerchantStub().start();
  const store = openStore(join(dir, 'simulator.db'));
  const gate = gatedWriter(store.exchangeWriter);
  const core = createCore({
    db: store.db,
    exchangeWriter: gate.writer,
    clock: new ManualClock(),
    log: silentLogger,
  });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => stub.stop(),
    async () => {
      gate.open();
      await core.close();
    },
  );
  const urls = { ...(sampleOrder().merchant_urls as object), address_update: stub.url('/address') };
  const id = core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
  const stored = () => getCheckoutOrder(store.db, id)!.session!;
  return { core, db: store.db, id, gate, stored };
}

describe("a step's exchange ids in simulator.db", () => {
  it('the step answers while the log lags; the file names the exchange only once the log holds it', async () => {
    const { core, id, gate, stored } = await setup();
    // Before, the step waited for the log: with its commits held it never answered.
    const step = await core.steps.address(id, { billing_address: FULL_ADDRESS });
    expect(step.outcome).toBe('applied');
    expect(step.exchange_ids).toHaveLength(1);
    const [exchangeId] = step.exchange_ids as [string];

    // The file: a placeholder, and the address itself (the order's state is written before the answer).
    expect(stored()).not.toContain(exchangeId);
    expect(stored()).toMatch(/"exchange_ids":\["~unlogged-[0-9a-f]{8}-\d+"\]/);
    expect(stored()).toContain(FULL_ADDRESS.street_address);
    // Readers in this process see the id at once.
    expect(core.orders.load(id)!.state.history.at(-1)!.exchange_ids).toEqual([exchangeId]);

    // Another save meanwhile (an order's own faults) keeps the placeholder, not the id it read.
    await core.faults.setOrder(id, { late_callback: true });
    expect(stored()).not.toContain(exchangeId);

    gate.open();
    await core.exchanges.flush();
    expect(stored()).toContain(`"exchange_ids":["${exchangeId}"]`);
    expect(stored()).not.toContain('~unlogged-');
    expect(await core.exchanges.find(exchangeId)).not.toBeNull();
  });

  it("a kill's leftover placeholder reads as no id, and the rest of the step stays", async () => {
    const { core, db, id, gate, stored } = await setup();
    gate.open();
    const step = await core.steps.address(id, { billing_address: FULL_ADDRESS });
    await core.exchanges.flush();
    const [exchangeId] = step.exchange_ids as [string];
    // What a kill before the log's commit leaves: another run's placeholder where the id would be.
    updateCheckoutSession(db, id, stored().replace(`"${exchangeId}"`, '"~unlogged-0badf00d-1"'));
    const last = core.orders.load(id)!.state.history.at(-1)!;
    expect(last.step).toBe('address');
    expect(last.outcome).toBe('applied');
    expect(last.exchange_ids).toEqual([]);
  });
});
