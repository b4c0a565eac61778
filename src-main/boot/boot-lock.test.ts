import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { HOLDER_FILE, LOCK_FILE } from '../store/instance-lock';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootOptions } from '../test-kit/booted-sim';
import { boot, type BootOptions, type Booted } from './boot';
import { StartupError } from './startup-error';

// boot() in this process, as the Electron shell calls it (the CLI's processes: cli/data-dir-lock.test.ts).
const dirs: string[] = [];
const running: Booted[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((b) => b.stop()));
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const options = (dataDir: string): BootOptions => bootOptions(dataDir, { mode: 'electron' });

describe('boot() and the data folder lock', () => {
  it('refuses a second boot on the folder while the first runs, and allows one after its stop()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-boot-lock-'));
    dirs.push(dir);
    const first = await boot(options(dir));
    const refused = await boot(options(dir)).then(
      (b) => (running.push(b), null),
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toContain(`the data folder ${dir} is in use`);
    expect((refused as Error).message).toContain(`PID ${process.pid}, api ${first.urls.api.slice(7)}`);
    await first.stop();
    running.push(await boot(options(dir)));
  });

  it('refuses a second boot while the first runs though its lock files were deleted by hand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-boot-lock-'));
    dirs.push(dir);
    const first = await boot(options(dir));
    running.push(first);
    for (const f of [LOCK_FILE, HOLDER_FILE]) rmSync(join(dir, f));
    const refused = await boot(options(dir)).then(
      (b) => (running.push(b), null),
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toBe(
      `the data folder ${dir} is in use: its simulator.db is open in another process, most likely a ` +
        'simulator whose simulator.lock was deleted: stop that one, or give this one another folder with --data-dir',
    );
    await running.splice(0)[0]!.stop();
    running.push(await boot(options(dir)));
  });

  it('gives the folder up when the start fails after taking it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-boot-lock-'));
    dirs.push(dir);
    const other = mkdtempSync(join(tmpdir(), 'sim-boot-lock-other-'));
    dirs.push(other);
    const taken = await boot(options(other));
    running.push(taken);
    const port = Number(new URL(taken.urls.api).port);
    await expect(boot({ ...options(dir), ports: { ...options(dir).ports, api: port } })).rejects.toThrow(
      `port ${port} (the provider API) on 127.0.0.1 is in use`,
    );
    running.push(await boot(options(dir)));
  });
});
