import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootOptions } from '../test-kit/booted-sim';
import { boot, type Booted } from './boot';
import { StartupError } from './startup-error';

/*
 * Files that used to lose data without a word: each start is refused in one line naming the file and what
 * to do. Read-only is made real with the immutable flag (`chattr +i`: also read-only for root, as CI
 * runs); where it cannot be set the test says so and skips itself.
 */
const dirs: string[] = [];
const frozen: string[] = [];
let running: Booted | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
  for (const f of frozen.splice(0)) execFileSync('chattr', ['-i', f]);
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A data folder a simulator started in and stopped cleanly. */
async function usedFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-boot-files-'));
  dirs.push(dir);
  await (await boot(bootOptions(dir))).stop();
  return dir;
}

/** The one-line refusal of a start on `dir` (failing the test if it started). */
async function refusal(dir: string): Promise<string> {
  const err = await boot(bootOptions(dir)).then(
    (b) => ((running = b), null),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StartupError);
  const message = (err as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

function freeze(file: string): string | null {
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'pipe' });
  } catch (err) {
    return `cannot set the immutable flag here: ${(err as Error).message.split('\n')[0]}`;
  }
  frozen.push(file);
  return null;
}

describe('a start on files that would lose data', () => {
  it('refuses a 0-byte simulator.db, saying it is empty, and leaves it as it is', async () => {
    const dir = await usedFolder();
    const db = join(dir, 'simulator.db');
    writeFileSync(db, '');
    expect(await refusal(dir)).toBe(
      `${db} is empty (0 bytes): a file that held orders and was emptied (a copy or sync cut short) looks ` +
        'like this, so the simulator will not start on it; restore it from a backup, or delete it to ' +
        'start with an empty one',
    );
    expect(statSync(db).size).toBe(0);
  });

  // The same refusal for either file; only what to do about it differs (a new exchange log is harmless).
  it.for<[file: string, why: string, advice: string]>([
    ['simulator.db', '', 'or choose another folder with --data-dir'],
    [
      'exchanges.db',
      ', rather than failing each batch later',
      'move it away to start a new exchange log, or choose another folder with --data-dir',
    ],
  ])('refuses a read-only %s, naming it%s', async ([file, , advice], ctx) => {
    const dir = await usedFolder();
    const path = join(dir, file);
    const skip = freeze(path);
    if (skip) return ctx.skip(skip);
    expect(await refusal(dir)).toBe(
      `${path} is read-only (no write permission, EPERM) and the simulator writes to it: make it writable ` +
        `(chmod u+w, or chattr -i), ${advice}`,
    );
  });
});
