import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Where a headless simulator listens, from its ready line. */
export interface SimUrls {
  api: string;
  console: string;
  integrator: string;
  /** The embedded checkout's listener: the bootstrap, the page inside the iframe, and its API. */
  checkout: string;
  /** The sample shop beside the simulator. */
  shop: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/** The default credentials of a simulator started without a config file. */
export const CREDENTIALS = { username: 'merchant', password: 'secret' };

/**
 * Starts `out/main/cli.js serve` on free ports (or as `args` say) with its own data folder, and resolves
 * with its URLs once it prints the one ready line on stdout. Rejects with the server's stderr if it exits or
 * stalls first.
 */
export async function startServer(
  dataDir: string,
  args: string[] = ['--port', '0'],
): Promise<{ child: ChildProcess; urls: SimUrls }> {
  const child = spawn(process.execPath, ['out/main/cli.js', 'serve', ...args, '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  const urls = await new Promise<SimUrls>((resolvePromise, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`the simulator did not start: ${why}\n--- stderr ---\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no ready line within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal})`));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        return; // Not the ready line; the server keeps stdout for it, but be tolerant.
      }
      const m = msg as Partial<SimUrls> & { event?: string };
      if (m.event === 'ready' && m.api && m.console && m.integrator && m.checkout && m.shop) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        const { api, console, integrator, checkout, shop } = m;
        resolvePromise({ api, console, integrator, checkout, shop });
      }
    });
  });
  return { child, urls };
}

/** Stops the server with SIGTERM and waits for it; SIGKILL if it will not go. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{
  sim: SimUrls;
  /**
   * Console errors a test provokes on purpose, e.g. the browser's "Failed to load resource … 400" line for an
   * operation the test expects the simulator to refuse. Anything else still fails the test.
   */
  expectedConsoleErrors: RegExp[];
  failOnConsoleErrors: void;
}>({
  expectedConsoleErrors: [[], { option: true }],

  // Playwright reads the fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  sim: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'checkout-sim-e2e-'));
    const { child, urls } = await startServer(dataDir);
    try {
      await use(urls);
    } finally {
      await stopServer(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  },

  // A CSP violation, a failed request or an uncaught exception shows up here even when the page looks fine.
  // It depends on `sim` so that it is checked before the server goes away (which the page would notice).
  failOnConsoleErrors: [
    async ({ page, sim: _sim, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      const unexpected = errors.filter((e) => !expectedConsoleErrors.some((re) => re.test(e)));
      expect(unexpected, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A fixture of a server a test needs beside its simulator (a merchant's server, say): started on the test's
 * simulator before the test, closed after it whatever the test's outcome.
 */
export function serverFixture<T extends { close(): Promise<void> }>(start: (api: string) => Promise<T>) {
  return async ({ sim }: { sim: SimUrls }, use: (server: T) => Promise<void>): Promise<void> => {
    const server = await start(sim.api);
    try {
      await use(server);
    } finally {
      await server.close();
    }
  };
}

export { expect };
