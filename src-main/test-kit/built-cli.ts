import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** The repository, and the built CLI the tests run as a user would (`npm run build` first; npm test does). */
export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'out/main/cli.js');

export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
}

/**
 * The processes and temp folders a test file starts, killed and removed by `cleanup()` (its afterEach).
 */
export class Spawned {
  private readonly procs: ChildProcess[] = [];
  private readonly dirs: string[] = [];

  constructor(private readonly prefix: string) {}

  spawn(command: string, args: string[], opts: SpawnOptions): ChildProcess {
    const proc = spawn(command, args, opts);
    this.procs.push(proc);
    return proc;
  }

  tempDir(): string {
    const d = mkdtempSync(join(tmpdir(), this.prefix));
    this.dirs.push(d);
    return d;
  }

  cleanup(): void {
    this.procs.splice(0).forEach((p) => p.kill('SIGKILL'));
    this.dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  }
}

/**
 * Resolves once `proc` prints its ready line (the first stdout line, or the first that `isReady` accepts),
 * with that line parsed and every line so far (later lines keep being added); rejects when it exits first.
 */
export function readyLine<T>(
  proc: ChildProcess,
  isReady: (line: string) => boolean = () => true,
): Promise<{ ready: T; lines: string[] }> {
  const lines: string[] = [];
  return new Promise((res, rej) => {
    proc.once('exit', (code) =>
      rej(new Error(`exited with ${code} before the ready line: ${lines.join('\n')}`)),
    );
    let done = false;
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      lines.push(line);
      if (!done && isReady(line)) {
        done = true;
        res({ ready: JSON.parse(line) as T, lines });
      }
    });
  });
}

/**
 * Runs the built CLI to its end from the repository, with what it printed and its exit code; `command`
 * starts it another way (e.g. `npx --no checkout-sim`).
 */
export function runCli(
  spawned: Spawned,
  args: string[],
  command: string[] = [process.execPath, CLI],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  requireBuiltCli();
  const proc = spawned.spawn(command[0]!, [...command.slice(1), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((res) => proc.once('close', (code) => res({ code, stdout, stderr })));
}

/** The URLs of a served simulator, as its ready line gives them. */
export interface ServedUrls {
  api: string;
  console: string;
  integrator: string;
  checkout: string;
  shop: string;
}

/** `checkout-sim serve` from the build, on free ports and a fresh data folder: its ready line. */
export async function serveBuilt(spawned: Spawned): Promise<ServedUrls> {
  requireBuiltCli();
  const proc = spawned.spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', spawned.tempDir(), '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return (await readyLine<ServedUrls>(proc)).ready;
}
