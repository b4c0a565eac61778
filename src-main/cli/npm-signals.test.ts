import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { CLI, readyLine, requireBuiltCli, ROOT, Spawned } from '../test-kit/built-cli';

// What a CI script does: `npm run serve … &`, wait for the ready line, then `kill $!` (npm's pid, not the
// simulator's). The server must stop and free its ports. Needs the build (npm test builds first).
const spawned = new Spawned('sim-npm-');
afterEach(() => spawned.cleanup());
const tempDir = () => spawned.tempDir();

/** Spawns the command and resolves with every stdout line up to and including the ready line. */
async function startUntilReady(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  requireBuiltCli();
  const proc: ChildProcess = spawned.spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const started = await readyLine<Record<string, string>>(proc, (line) =>
    line.startsWith('{"event":"ready"'),
  );
  return { proc, ...started };
}

const portOf = (url: string) => Number(new URL(url).port);

/** Resolves true once nothing listens on the port any more (false after `ms`). */
async function freed(port: number, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((r) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), r(true)));
      s.once('error', () => r(false));
    });
    if (!open) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('npm run serve under a CI script', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints only the ready line with --silent, and ${signal} to npm frees every port`, async () => {
      const { proc, lines, ready } = await startUntilReady('npm', [
        'run',
        '--silent',
        'serve',
        '--',
        ...['--port', '0', '--data-dir', tempDir(), '--quiet'],
      ]);
      expect(lines).toEqual([expect.stringMatching(/^\{"event":"ready"/)]);
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await exited;
      for (const key of ['api', 'console', 'integrator', 'checkout', 'shop'])
        expect(await freed(portOf(ready[key]!)), `${key} port freed`).toBe(true);
    });
  }

  it('stops when the shell npm ran it in goes away without passing a signal on', async () => {
    // npm's `sh -c …` killed outright: the simulator is re-parented and must notice (parent-watch.ts).
    const serve = `${process.execPath} ${CLI} serve --port 0 --data-dir ${tempDir()} --quiet`;
    const { proc, ready } = await startUntilReady('sh', ['-c', `${serve} & wait`], {
      ...process.env,
      npm_lifecycle_event: 'serve',
    });
    proc.kill('SIGKILL');
    expect(await freed(portOf(ready.api!))).toBe(true);
  });
});
