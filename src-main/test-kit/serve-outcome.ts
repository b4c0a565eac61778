import { expect } from 'vitest';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CLI, requireBuiltCli, type Spawned } from './built-cli';

/** The ready line's URLs (see cli/main.ts). */
export interface Ready {
  api: string;
  console: string;
}

/** How a `serve` ended up: listening (its ready line), or exited with a code and what it wrote on stderr. */
export interface StartOutcome {
  ready: Ready | null;
  code: number | null;
  stderr: string;
  proc: ChildProcess;
}

/**
 * Starts the built CLI's `serve` on `dataDir` and resolves with whichever comes first: the ready line
 * or the exit. A test expecting a refusal then fails on a start that was let through, instead of
 * waiting for an exit that never comes.
 */
export function startServe(
  spawned: Spawned,
  dataDir: string,
  extra: string[] = ['--port', '0'],
  opts: SpawnOptions = {},
): Promise<StartOutcome> {
  requireBuiltCli();
  const proc = spawned.spawn(
    process.execPath,
    [CLI, 'serve', '--data-dir', dataDir, '--quiet', '--no-shop', ...extra],
    { ...opts, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    // 'close', not 'exit': stderr is read to its end by then.
    proc.once('close', (code) => resolve({ ready: null, code, stderr, proc }));
    createInterface({ input: proc.stdout! }).once('line', (line) =>
      resolve({ ready: JSON.parse(line) as Ready, code: null, stderr, proc }),
    );
  });
}

/** The one stderr line of a refused start (and that it was refused: exit code 1, no stack trace). */
export function refusal(o: StartOutcome): string {
  expect(o.ready).toBeNull();
  expect(o.code).toBe(1);
  expect(o.stderr).not.toMatch(/^\s+at /m);
  const lines = o.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}
