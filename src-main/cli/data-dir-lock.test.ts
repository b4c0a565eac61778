import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, Spawned } from '../test-kit/built-cli';
import { startServe } from '../test-kit/serve-outcome';

// Real processes of the built CLI (`npm run build` first): the lock is between processes.
const spawned = new Spawned('sim-lock-');
afterEach(() => spawned.cleanup());

describe('one simulator per data folder', () => {
  it('refuses a second start on the same folder in one line naming it, the PID and the ports', async () => {
    const dir = spawned.tempDir();
    const first = await startServe(spawned, dir);
    expect(first.ready).not.toBeNull();
    const second = await startServe(spawned, dir);
    expect(second.ready).toBeNull();
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the data folder ${dir} is in use by another simulator`);
    expect(lines[0]).toContain(`PID ${first.proc.pid}`);
    expect(lines[0]).toContain(first.ready!.api.replace('http://', ''));
    expect(lines[0]).toContain(first.ready!.console.replace('http://', ''));
    expect(lines[0]).toContain('--data-dir');
    // The first is untouched: it still answers.
    expect((await fetch(`${first.ready!.api}/checkout/v3/orders/x`)).status).toBe(401);
  });

  it("refuses npm start's browser mode on a folder in use, with the same line and exit code", async () => {
    const dir = spawned.tempDir();
    const first = await startServe(spawned, dir);
    const start = spawned.spawn(
      process.execPath,
      [join(ROOT, 'scripts/start.mjs'), '--browser', '--no-open', '--port', '0', '--data-dir', dir],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } },
    );
    let stderr = '';
    start.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((r) => start.once('close', r));
    expect(code).toBe(1);
    expect(stderr).toContain(`checkout-sim: the data folder ${dir} is in use by another simulator`);
    expect(stderr).toContain(`PID ${first.proc.pid}`);
  });

  it('starts after the holder was killed with -9, and a live PID in the stale record does not block', async () => {
    const dir = spawned.tempDir();
    const first = await startServe(spawned, dir);
    const holderFile = join(dir, 'simulator.lock.json');
    expect(JSON.parse(readFileSync(holderFile, 'utf8')).pid).toBe(first.proc.pid);
    const killed = new Promise((r) => first.proc.once('exit', r));
    first.proc.kill('SIGKILL');
    await killed;
    // What kill -9 leaves behind, now naming a process that is alive (this one), as a reused PID would.
    writeFileSync(holderFile, JSON.stringify({ pid: process.pid, startedAt: new Date(0).toISOString() }));
    const next = await startServe(spawned, dir);
    expect(next.stderr).toBe('');
    expect(next.ready).not.toBeNull();
    expect(JSON.parse(readFileSync(holderFile, 'utf8')).pid).toBe(next.proc.pid);
  });
});
