import { statSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mountTmpfs, unmountTmpfs } from '../../store/test-kit/tmpfs';
import type { LogStatus } from '@shared/schemas/log-status.schema';
import { ManualClock } from '../clock';
import { createCore, type Core } from '../create-core';
import { silentLogger } from '../log';
import { openStore } from '../../store/store';
import type { ExchangeEntry } from './exchange-log';

/*
 * A real full disk: a 2 MB tmpfs (CI runs as root on Linux). Where it cannot be mounted the test says
 * so and skips itself.
 */

let core: Core | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
  unmountTmpfs();
});

/** A 2 MB tmpfs, or why there is none. */
function smallDisk(): string | { why: string } {
  return mountTmpfs('2m', 'checkout-sim-tmpfs-');
}

let n = 0;
/** An exchange with a body of its own (a large one is stored once per content, so each must differ). */
const exchange = (): ExchangeEntry => {
  const id = `ex_${++n}`;
  return {
    id,
    order_id: 'o-1',
    direction: 'in',
    kind: 'checkout.read',
    method: 'GET',
    url: '/x',
    status: 200,
    duration_ms: 1,
    at: '2026-01-01T00:00:00.000Z',
    request: { headers: {}, body: null },
    response: { headers: {}, body: `${id}:${'y'.repeat(8000)}` },
    outcome: null,
    violations: [],
  };
};

const status = async (c: Core) => (await c.control.invoke('log.status', {})) as LogStatus;

describe('the exchange log on a full disk', () => {
  it('counts the exchanges it drops, says the disk is full, reads on, and Clear log gives the space back', async (ctx) => {
    const disk = smallDisk();
    if (typeof disk !== 'string') return ctx.skip(disk.why);
    core = createCore({
      ...openStore(join(disk, 'simulator.db')),
      clock: new ManualClock(),
      log: silentLogger,
    });
    const c = core;
    // Fill the disk with the log itself, a flush at a time, until a write is refused.
    for (let i = 0; i < 1000 && (await status(c)).dropped === 0; i++) {
      for (let j = 0; j < 10; j++) c.exchanges.record(exchange());
      await c.exchanges.flush();
    }
    // Whatever room is left goes to a file: nothing more fits.
    for (let size = 64 * 1024; size >= 512; size /= 2) {
      for (let k = 0; k < 64; k++) {
        try {
          writeFileSync(join(disk, `filler-${size}-${k}`), Buffer.alloc(size));
        } catch {
          break;
        }
      }
    }
    // Space the log's files already hold (its write-ahead log) may take a few more batches: write until
    // one is refused again, so the status read next is that of a full disk.
    const droppedBefore = (await status(c)).dropped;
    let full = await status(c);
    for (let i = 0; i < 500 && full.dropped === droppedBefore; i++) {
      c.exchanges.record(exchange());
      await c.exchanges.flush();
      full = await status(c);
    }
    expect(full.dropped).toBeGreaterThan(0);
    expect(full.disk_full).toMatchObject({ path: disk });
    expect(full.disk_full!.message).toContain(`the disk holding the data folder ${disk} is full`);
    // Reads keep working.
    const kept = (await c.exchanges.list({ limit: 5 })).length;
    expect(kept).toBeGreaterThan(0);

    const logFile = join(disk, 'exchanges.db');
    const before = statSync(logFile).size;
    const freeBefore = statfsSync(disk).bavail;
    // As DELETE /test_helpers/exchanges and the console's Clear log do.
    const { cleared } = (await c.control.invoke('exchanges.clear', {})) as { cleared: number };
    expect(cleared).toBeGreaterThan(0);
    expect(statSync(logFile).size).toBeLessThan(before / 4);
    expect(statfsSync(disk).bavail).toBeGreaterThan(freeBefore);
    expect(await c.exchanges.list({ limit: 5 })).toEqual([]);
    // The log takes exchanges again, and the disk is no longer said to be full.
    const next = exchange();
    c.exchanges.record(next);
    await c.exchanges.flush();
    expect((await c.exchanges.list({ limit: 5 })).map((e) => e.id)).toEqual([next.id]);
    expect((await status(c)).disk_full).toBeNull();
  });
});
