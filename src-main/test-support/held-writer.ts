import type { ExchangeWriter } from '../store/exchange-writer';

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
