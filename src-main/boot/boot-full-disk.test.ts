import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mountTmpfs, unmountTmpfs } from '../store/test-kit/tmpfs';
import { bootOptions } from '../test-kit/booted-sim';
import { boot, type Booted } from './boot';
import { StartupError } from './startup-error';

/*
 * A start on a real full disk: a 1 MB tmpfs filled up (CI runs as root on Linux). Where it cannot be
 * mounted the test says so and skips itself.
 */
let running: Booted | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
  unmountTmpfs();
});

function fullDisk(): string | { why: string } {
  const dir = mountTmpfs('1m', 'checkout-sim-full-');
  if (typeof dir !== 'string') return dir;
  // Fill it to the last block: a write that finds no space throws ENOSPC.
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `filler-${i}`), Buffer.alloc(64 * 1024));
    } catch {
      break;
    }
  }
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `small-${i}`), Buffer.alloc(512));
    } catch {
      break;
    }
  }
  return dir;
}

describe('a start on a full disk', () => {
  it('is refused in one line saying the disk holding the data folder is full', async (ctx) => {
    const dir = fullDisk();
    if (typeof dir !== 'string') return ctx.skip(dir.why);
    const refused = await boot(bootOptions(dir)).then(
      (b) => ((running = b), null),
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StartupError);
    const message = (refused as Error).message;
    expect(message).toContain(`the disk holding the data folder ${dir} is full`);
    expect(message.split('\n')).toHaveLength(1);
  });
});
