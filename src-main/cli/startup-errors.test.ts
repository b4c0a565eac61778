import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Spawned } from '../test-kit/built-cli';
import { refusal, startServe } from '../test-kit/serve-outcome';

// Real processes of the built CLI (`npm run build` first): each start-up failure is one line on stderr
// naming what is wrong and what to do, exit code 1, no stack trace.
const spawned = new Spawned('sim-startup-');
const servers: Server[] = [];
afterEach(() => {
  spawned.cleanup();
  servers.splice(0).forEach((s) => s.close());
});

/** Root writes anywhere on a writable file system: a child that must be refused runs as `nobody`. */
const asUnprivileged = () => (process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {});

describe('start-up failures', () => {
  it('a simulator.db that cannot be opened: one line naming it', async () => {
    const dir = spawned.tempDir();
    mkdirSync(join(dir, 'simulator.db'));
    const line = refusal(await startServe(spawned, dir));
    expect(line).toContain(`cannot open ${join(dir, 'simulator.db')} (unable to open database file)`);
    expect(line).toContain('--data-dir');
  });

  it('an exchanges.db that cannot be opened: one line naming it (not moved aside: it is not damage)', async () => {
    const dir = spawned.tempDir();
    mkdirSync(join(dir, 'exchanges.db'));
    const line = refusal(await startServe(spawned, dir));
    expect(line).toContain(`cannot open ${join(dir, 'exchanges.db')} (unable to open database file)`);
  });

  it('a data folder that cannot be written: one line naming it', async () => {
    const parent = spawned.tempDir();
    chmodSync(parent, 0o755);
    const dir = join(parent, 'read-only');
    mkdirSync(dir, { mode: 0o555 });
    chmodSync(dir, 0o555);
    const line = refusal(await startServe(spawned, dir, ['--port', '0'], asUnprivileged()));
    expect(line).toBe(
      `checkout-sim: cannot write the data folder ${dir}: permission denied; ` +
        'choose a writable folder with --data-dir',
    );
    // A folder still to be made inside it: the same line, for the folder asked for.
    const below = join(dir, 'data');
    const nested = refusal(await startServe(spawned, below, ['--port', '0'], asUnprivileged()));
    expect(nested).toContain(`cannot write the data folder ${below}: permission denied`);
  });

  it('a port in use: one line naming the port, its listener and what to do', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    const line = refusal(await startServe(spawned, spawned.tempDir(), ['--port', String(port)]));
    expect(line).toBe(
      `checkout-sim: port ${port} (the provider API) on 127.0.0.1 is in use: stop what listens there, ` +
        'or choose other ports with --port N (N to N+4; 0 picks free ones)',
    );
  });
});
