import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../core/clock';
import { createCore } from '../core/create-core';
import { silentLogger } from '../core/log';
import type { ExchangeWriter } from '../store/exchange-writer';
import { openStore } from '../store/store';
import { MerchantStub } from './merchant-stub';

/**
 * The exchange writer with its commits held back until `release()`: each batch is written at once, but
 * the log hears of the commit only once released, so whatever waits for the log file (log-marks.ts)
 * waits as long as a test wants: a log that has not written yet.
 */
export function heldWriter(w: ExchangeWriter) {
  let held = true;
  const waiting: (() => void)[] = [];
  const writer: ExchangeWriter = {
    append: (e, h) => w.append(e, h),
    commit: () => {
      const committed = w.commit();
      return held ? new Promise<void>((r) => waiting.push(r)).then(() => committed) : committed;
    },
    clear: () => w.clear(),
    close: () => w.close(),
  };
  const release = () => {
    held = false;
    waiting.splice(0).forEach((r) => r());
  };
  return { writer, release };
}

/**
 * A core on a temporary folder, on a manual clock, whose log commits are held until `release()`, and a
 * merchant stub beside it; `done()` releases the log, closes both and removes the folder.
 */
export async function heldLogCore(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `sim-${name}-`));
  const stub = await new MerchantStub().start();
  const store = openStore(join(dir, 'simulator.db'));
  const { writer, release } = heldWriter(store.exchangeWriter);
  const core = createCore({
    db: store.db,
    exchangeWriter: writer,
    clock: new ManualClock(),
    log: silentLogger,
  });
  const done = async () => {
    release();
    await core.close();
    await stub.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { core, db: store.db, stub, release, done };
}
