import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderSummary } from '@shared/schemas/checkout-order.schema';
import { simClockCore } from '../../test-kit/after-purchase-env';
import { sampleOrder } from '../../test-kit/temp-core';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import type { Core } from '../create-core';
import { CHECKOUT_EXPIRY_KIND } from './order-expiry';

let core: Core;
let dir = '';
afterEach(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = () => {
  dir = mkdtempSync(join(tmpdir(), 'sim-expiry-'));
  core = simClockCore(dir);
  return core.orders.create(sampleOrder()).order_id;
};

describe('checkout order expiry on the simulator clock', () => {
  it('fires once, 48 hours after the last interaction, and the console hears the order expire', async () => {
    const id = start();
    const seen: OrderSummary[] = [];
    core.events.on('order.updated', (o) => seen.push(o));
    await core.clockControl.advance({ seconds: 47 * 3600 });
    await core.steps.address(id, { billing_address: FULL_ADDRESS }); // an interaction moves the expiry
    // The timer set at creation comes due first and re-arms at the later expiry: no announcement yet.
    const early = await core.clockControl.advance({ seconds: 47 * 3600 });
    expect(seen.filter((o) => o.status === 'expired')).toEqual([]);
    expect(early.now).toBe(new Date(Date.parse(early.now)).toISOString());
    const due = await core.clockControl.advance({ until: 'next_event' });
    expect(due.fired).toEqual([expect.objectContaining({ kind: CHECKOUT_EXPIRY_KIND, order_id: id })]);
    expect(Date.parse(due.now)).toBe(Date.parse(core.orders.load(id)!.order.expires_at));
    expect(seen.at(-1)).toMatchObject({ order_id: id, status: 'expired' });
    expect(() => core.orders.getJson(id)).toThrow(/expired at/);
    const later = await core.clockControl.advance({ seconds: 100 * 3600 });
    expect(later.fired).toEqual([]);
  });

  it('has no expiry once completed or aborted', async () => {
    const id = start();
    await core.steps.address(id, { billing_address: FULL_ADDRESS });
    await core.steps.complete(id, {});
    const other = core.orders.create(sampleOrder()).order_id;
    core.orders.abort(other);
    const r = await core.clockControl.advance({ seconds: 60 * 3600 });
    expect(r.fired.filter((f) => f.kind === CHECKOUT_EXPIRY_KIND)).toEqual([]);
  });

  it('stays expired after Back to now: a fired expiry is not undone by the clock going back', async () => {
    const id = start();
    const other = core.orders.create(sampleOrder()).order_id;
    await core.clockControl.advance({ seconds: 49 * 3600 });
    const listed = () => core.orders.list().find((o) => o.order_id === id)?.status;
    expect(listed()).toBe('expired');
    // Read once while expired: the document cache knows it, and a restart would not.
    expect(() => core.orders.getJson(id)).toThrow(/expired at/);
    const back = core.clockControl.backToNow();
    expect(back.moved_back_ms).toBeGreaterThan(48 * 3600_000);
    expect(listed()).toBe('expired');
    expect(() => core.orders.getJson(id)).toThrow(/expired at/);
    expect(() => core.orders.getJson(other)).toThrow(/expired at/);
    await expect(core.steps.address(id, { billing_address: FULL_ADDRESS })).rejects.toThrow(/expired at/);
    // A restart on the same folder reads it from SQLite.
    await core.close();
    core = simClockCore(dir);
    expect(listed()).toBe('expired');
    expect(() => core.orders.getJson(id)).toThrow(/expired at/);
  });
});
