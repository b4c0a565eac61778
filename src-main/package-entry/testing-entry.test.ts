import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedCheckout, startSimulator, StartOptionsError, testHelpers, TestHelpersError } from './index';

describe('checkout-simulator/testing', () => {
  it('starts a simulator on free ports in a temp folder, drives /test_helpers, and removes the folder on stop', async () => {
    const sim = await startSimulator({ shop: false });
    try {
      expect(sim.urls.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sim.urls.shop).toBe('');
      const made = await sim.client.clocks.create({ name: 'unit', frozen_time: '2026-03-01T00:00:00Z' });
      const moved = await sim.client.clocks.advance(made.clock_id, { seconds: 60 });
      expect([moved.now, moved.fired_total]).toEqual(['2026-03-01T00:01:00.000Z', 0]);
      expect((await sim.client.clocks.list()).map((c) => c.clock_id)).toEqual([made.clock_id]);

      // A refusal throws with the status and the API's own error body.
      const wrong = testHelpers({ api: sim.urls.api, credentials: { username: 'x', password: 'y' } });
      await expect(wrong.clocks.list()).rejects.toMatchObject({ status: 401 });
      const bad = await sim.client.clocks.bind(made.clock_id, { order_id: 'nope' }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(TestHelpersError);
      expect((bad as TestHelpersError).status).toBe(404);
      expect((bad as Error).message).toContain('checkout order nope was not found');
      expect(await sim.client.clocks.delete(made.clock_id)).toEqual({ deleted: true, released: 0 });
    } finally {
      await sim.stop();
    }
    expect(existsSync(sim.dataDir)).toBe(false);
  });
});

describe('startSimulator over https', () => {
  it('serves https with the local CA it names, and its client trusts that CA; a client without it is refused', async () => {
    const sim = await startSimulator({ shop: false, tls: true });
    try {
      expect(sim.urls.api).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(sim.urls.checkout).toMatch(/^https:/);
      expect(sim.caFile).toBe(join(sim.dataDir, 'tls', 'ca.pem'));
      expect(readFileSync(sim.caFile!, 'utf8')).toContain('BEGIN CERTIFICATE');
      const made = await sim.client.clocks.create({ name: 'tls', frozen_time: '2026-03-01T00:00:00Z' });
      expect(made.clock_id).toBeTruthy();
      // Without the CA the certificate does not verify: the same call fails in TLS, not in the API.
      const untrusting = testHelpers({ api: sim.urls.api, credentials: sim.credentials });
      await expect(untrusting.clocks.list()).rejects.toThrow();
    } finally {
      await sim.stop();
    }
  });

  it('stays plain http with no caFile by default', async () => {
    const sim = await startSimulator({ shop: false });
    try {
      expect([sim.urls.api.startsWith('http://'), sim.caFile]).toEqual([true, null]);
    } finally {
      await sim.stop();
    }
  });
});

/** A port whose four successors are likely free too: the OS's pick, given back at once. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port > 65531 ? freePort() : port;
}

describe('startSimulator options', () => {
  it('pins the ports (N to N+4), takes the config as an object, and keeps a data folder it was given', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'sim-start-options-'));
    const credentials = { username: 'qa', password: 'pinned' };
    const sim = await startSimulator({
      port,
      host: '127.0.0.1',
      dataDir,
      config: { credentials },
      shop: false,
    });
    try {
      expect(sim.urls.api).toBe(`http://127.0.0.1:${port}`);
      expect(sim.urls.console).toBe(`http://127.0.0.1:${port + 1}`);
      expect(sim.urls.checkout).toBe(`http://127.0.0.1:${port + 3}`);
      expect(sim.credentials).toEqual(credentials);
      expect((await sim.client.clocks.create({ name: 'pinned' })).name).toBe('pinned');
      expect(sim.embeddedCheckout).toBe(embeddedCheckout);
    } finally {
      await sim.stop();
    }
    expect(existsSync(join(dataDir, 'simulator.db'))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the config from a file path, as serve --config does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-start-config-'));
    const file = join(dir, 'sim.json');
    writeFileSync(file, JSON.stringify({ credentials: { username: 'file', password: 'f' } }));
    const sim = await startSimulator({ config: file, shop: false });
    try {
      expect(sim.credentials).toEqual({ username: 'file', password: 'f' });
    } finally {
      await sim.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad option naming it, before making a folder', async () => {
    await expect(startSimulator({ port: 70000 })).rejects.toThrow(
      'startSimulator: port must be an integer from 0 to 65531 (it uses port to port+4), got 70000',
    );
    const bad = startSimulator({ config: { credentials: { username: 'u', password: '' } } });
    await expect(bad).rejects.toBeInstanceOf(StartOptionsError);
    await expect(bad).rejects.toThrow(/^startSimulator: config: credentials\.password/);
    await expect(startSimulator({ config: '/nonexistent/sim.json' })).rejects.toThrow(
      'cannot read config file /nonexistent/sim.json',
    );
  });
});
