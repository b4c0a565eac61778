// A fresh project outside the repository with the packed tarball installed, as a QA engineer makes one:
// `npm init -y` (CommonJS), then `npm install --save-dev ./checkout-simulator-x.tgz`. Installing compiles
// better-sqlite3 (about a minute), so one install serves two projects: the folder itself is the CommonJS
// project, and esm/ inside it is an ESM one ("type": "module") that resolves the same node_modules, as a
// package of a workspace does.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a command run in the project: without the npm_* variables of an outer `npm test`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return { ...env, ...extra };
}

/** Runs a command to its end (never throws on a non-zero exit: the checks read the code). */
export function run(cmd: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env: cleanEnv(), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export interface Project {
  /** The CommonJS project (npm init -y), where the package is installed. */
  dir: string;
  /** The ESM project inside it. */
  esm: string;
  /** Runs the installed bin (node_modules/.bin/checkout-sim) in the project. */
  sim(...args: string[]): Promise<Ran>;
}

/** Makes the two projects and installs the tarball into them (the slow part: minutes under load). */
export async function installFresh(tarball: string): Promise<Project> {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-installed-'));
  const init = await run('npm', ['init', '-y'], dir);
  if (init.code !== 0) throw new Error(`npm init failed: ${init.stderr}`);
  const install = await run(
    'npm',
    ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', tarball],
    dir,
    20 * 60_000,
  );
  if (install.code !== 0) throw new Error(`npm install of ${tarball} failed:\n${install.stderr}`);
  const esm = join(dir, 'esm');
  mkdirSync(esm);
  writeFileSync(
    join(esm, 'package.json'),
    JSON.stringify({ name: 'esm-project', private: true, type: 'module' }),
  );
  const bin = join(dir, 'node_modules', '.bin', 'checkout-sim');
  return { dir, esm, sim: (...args) => run(bin, args, dir) };
}

/** A port whose four successors are very likely free too (the OS's pick, given back at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port > 65531 ? freePort() : port;
}

export interface Served {
  child: ChildProcess;
  ready: Record<string, string>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts a long-running command and waits for its JSON ready line on stdout. */
export async function startServing(cmd: string, args: string[], cwd: string): Promise<Served> {
  const child = spawn(cmd, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! });
  const ready = await Promise.race([
    new Promise<Record<string, string>>((resolve) =>
      lines.on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, string>;
        if (parsed.event === 'ready') resolve(parsed);
      }),
    ),
    exited.then((code) => {
      throw new Error(`${cmd} ${args.join(' ')} exited ${code} before its ready line:\n${stderr}`);
    }),
  ]);
  return {
    child,
    ready,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
