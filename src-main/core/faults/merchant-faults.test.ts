import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_MERCHANT_FAULTS } from '@shared/schemas/merchant-faults.schema';
import { openStore } from '../../store/store';
import { sampleOrder, tempCore } from '../../test-kit/temp-core';
import { ManualClock } from '../clock';
import { createCore } from '../create-core';
import { silentLogger } from '../log';

let env: ReturnType<typeof tempCore> | null = null;
afterEach(async () => {
  await env?.dispose();
  env = null;
});

describe('the merchant faults setting and an order’s own set', () => {
  it('replaces the whole set, expands a scenario beside the switches given, refuses unknown keys', () => {
    env = tempCore();
    const { faults } = env.core;
    expect(faults.get()).toEqual(NO_MERCHANT_FAULTS);
    expect(faults.set({ scenario: 'at_least_once_push', push_unknown_order: false })).toEqual({
      ...NO_MERCHANT_FAULTS,
      duplicate_push: true,
      push_after_ack: true,
    });
    // Left out is off.
    expect(faults.set({ late_callback: true })).toEqual({ ...NO_MERCHANT_FAULTS, late_callback: true });
    expect(() => faults.set({ duplicate_pushes: true })).toThrow(/duplicate_pushes: is not a known field/);
    expect(() => faults.set({ scenario: 'chaos' })).toThrow(/scenario: must be one of/);
  });

  it('lets an order’s own set replace the setting for it only, and answers null for an unknown order', async () => {
    env = tempCore();
    const { faults, orders } = env.core;
    const a = orders.create(sampleOrder()).order_id;
    const b = orders.create(sampleOrder()).order_id;
    faults.set({ duplicate_push: true });
    await faults.setOrder(a, { late_callback: true });
    expect([faults.on(a, 'late_callback'), faults.on(a, 'duplicate_push')]).toEqual([true, false]);
    expect([faults.on(b, 'late_callback'), faults.on(b, 'duplicate_push')]).toEqual([false, true]);
    const before = orders.load(a)!.order.last_modified_at;
    expect(await env.core.control.invoke('merchantFaults.order.get', { orderId: a })).toMatchObject({
      own: { late_callback: true },
      setting: { duplicate_push: true },
      effective: { late_callback: true, duplicate_push: false },
      applied: [],
    });
    // The merchant's order document is not touched by the simulator's own settings of it.
    expect(orders.load(a)!.order.last_modified_at).toBe(before);
    expect(await env.core.control.invoke('merchantFaults.order.get', { orderId: 'nope' })).toBeNull();
    await expect(faults.setOrder('nope', { late_callback: true })).rejects.toThrow(
      /order nope was not found/,
    );
  });

  it('keeps the setting and every order’s own set over a restart', async () => {
    env = tempCore();
    const { dir } = env;
    const id = env.core.orders.create(sampleOrder()).order_id;
    env.core.faults.set({ push_gives_up: true });
    await env.core.faults.setOrder(id, { concurrent_callbacks: true });
    await env.core.close();
    env = null;
    const again = createCore({
      ...openStore(join(dir, 'simulator.db')),
      clock: new ManualClock(),
      log: silentLogger,
    });
    try {
      expect(again.faults.get().push_gives_up).toBe(true);
      expect(again.faults.of(id)).toEqual({ ...NO_MERCHANT_FAULTS, concurrent_callbacks: true });
      expect(again.faults.on('another-order', 'push_gives_up')).toBe(true);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
