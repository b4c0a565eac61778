import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootOptions } from '../test-kit/booted-sim';
import { boot, type Booted } from './boot';
import { StartupError } from './startup-error';

/*
 * A start on a real full disk: a 1 MB tmpfs filled up (CI runs as root on Linux). Where it cannot be
 * mounted the test says so and skips itself.
 */
let mounted: string | null = null;
let running: Booted | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
  if (mounted) execFileSync('umount', [mounted]);
  if (mounted) rmSync(mounted, { recursive: true, force: true });
  mounted = null;
});

function fullDisk(): string | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `cannot mount a tmpfs (needs root on Linux): ${(err as Error).message.split('\n')[0]}` };
  }
  mounted = dir;
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
