import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSimulator, testHelpers, TestHelpersError } from './index';

describe('checkout-simulator/testing', () => {
  it('starts a simulator on free ports in a temp folder, drives /test_helpers, and removes the folder on stop', async () => {
    const sim = await startSimulator({ shop: false });
    try {
      expect(sim.urls.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sim.urls.shop).toBe('');
      const made = await sim.client.clocks.create({ name: 'unit', frozen_time: '2026-03-01T00:00:00Z' });
      const moved = await sim.client.clocks.advance(made.clock_id, { seconds: 60 });
      expect([moved.now, moved.fired_total]).toEqual(['2026-03-01T00:01:00.000Z', 0]);
      expect((await sim.client.clocks.list()).map((c) => c.clock_id)).toEqual([made.clock_id]);

      // A refusal throws with the status and the API's own error body.
      const wrong = testHelpers({ api: sim.urls.api, credentials: { username: 'x', password: 'y' } });
      await expect(wrong.clocks.list()).rejects.toMatchObject({ status: 401 });
      const bad = await sim.client.clocks.bind(made.clock_id, { order_id: 'nope' }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(TestHelpersError);
      expect((bad as TestHelpersError).status).toBe(404);
      expect((bad as Error).message).toContain('checkout order nope was not found');
      expect(await sim.client.clocks.delete(made.clock_id)).toEqual({ deleted: true, released: 0 });
    } finally {
      await sim.stop();
    }
    expect(existsSync(sim.dataDir)).toBe(false);
  });
});
