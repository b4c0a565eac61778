import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The tmpfs folders mounted and not yet unmounted. */
const mounts: string[] = [];

/**
 * A small real disk for the full-disk tests: a tmpfs of `size` (`1m`, `2m`) mounted on a new folder named
 * `prefix…`, or why there is none (mounting needs root on Linux; CI runs as root).
 */
export function mountTmpfs(size: string, prefix: string): string | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    mounts.push(dir);
    return dir;
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `cannot mount a tmpfs (needs root on Linux): ${(err as Error).message.split('\n')[0]}` };
  }
}

/** Unmounts every tmpfs mountTmpfs mounted and removes its folder (for an afterEach). */
export function unmountTmpfs(): void {
  for (const dir of mounts.splice(0)) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}
