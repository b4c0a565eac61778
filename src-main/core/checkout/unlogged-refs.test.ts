import { afterEach, describe, expect, it } from 'vitest';
import { getCheckoutOrder, updateCheckoutSession } from '../../store/checkout-orders.repo';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { sampleOrder } from '../../test-kit/temp-core';
import { heldLogCore } from '../../test-kit/held-writer';

// A customer step answers without waiting for the log's writer thread; until the log holds the step's
// exchanges, simulator.db names them by placeholders (unlogged-refs.ts).
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const env = await heldLogCore('unlogged');
  cleanups.push(env.done);
  const { core, db, stub } = env;
  const urls = { ...(sampleOrder().merchant_urls as object), address_update: stub.url('/address') };
  const id = core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
  const stored = () => getCheckoutOrder(db, id)!.session!;
  return { core, db, id, gate: env, stored };
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

    gate.release();
    await core.exchanges.flush();
    expect(stored()).toContain(`"exchange_ids":["${exchangeId}"]`);
    expect(stored()).not.toContain('~unlogged-');
    expect(await core.exchanges.find(exchangeId)).not.toBeNull();
  });

  it("a kill's leftover placeholder reads as no id, and the rest of the step stays", async () => {
    const { core, db, id, gate, stored } = await setup();
    gate.release();
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
