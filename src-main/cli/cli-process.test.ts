import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { connect } from 'node:net';
import { sampleOrder } from '../test-kit/temp-core';
import { CLI, readyLine, requireBuiltCli, Spawned } from '../test-kit/built-cli';

// Runs the built CLI as a user would, so `npm run build` must have run (npm test does it first).
const AUTH = { authorization: `Basic ${Buffer.from('merchant:secret').toString('base64')}` };
const spawned = new Spawned('sim-cli-');
afterEach(() => spawned.cleanup());
const tempDir = () => spawned.tempDir();

interface Ready {
  event: string;
  api: string;
  console: string;
  integrator: string;
  http: string;
}

async function start(
  dataDir: string,
  extra: string[] = [],
): Promise<{ proc: ChildProcess; ready: Ready; lines: string[] }> {
  requireBuiltCli();
  const proc = spawned.spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--quiet', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { proc, ...(await readyLine<Ready>(proc)) };
}

describe('checkout-sim serve', () => {
  it('prints one ready line with the three URLs on 127.0.0.1', async () => {
    const { ready } = await start(tempDir());
    expect(ready.event).toBe('ready');
    for (const u of [ready.api, ready.console, ready.integrator])
      expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set([ready.api, ready.console, ready.integrator]).size).toBe(3);
    expect(ready.http).toBe('own');
  });

  it('serves the provider API through node:http with --http node, and the ready line says so', async () => {
    const { ready } = await start(tempDir(), ['--http', 'node']);
    expect(ready.http).toBe('node');
    const created = await fetch(`${ready.api}/checkout/v3/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify(sampleOrder()),
    });
    expect([created.status, created.headers.get('keep-alive')]).toEqual([201, 'timeout=30']);
    // node:http's own refusal of a malformed request, in the provider API's error shape with its
    // correlation id (as the own server answers it), and the connection closed.
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(ready.api).port), '127.0.0.1');
      let got = '';
      socket.on('data', (d) => (got += d.toString('latin1')));
      socket.on('close', () => resolve(got));
      socket.write('GET / HTTP/1.1\r\nHost: h\r\nX-A: a\x01b\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const id = /\r\nKlarna-Correlation-Id: ([0-9a-f-]{36})\r\n/i.exec(raw)?.[1];
    expect(raw).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error_code: 'BAD_REQUEST',
      error_messages: [expect.stringContaining('header')],
      correlation_id: id,
    });
  });

  it('takes the server from the config file, and --http over it', async () => {
    const dir = tempDir();
    const cfg = join(dir, 'c.json');
    (await import('node:fs')).writeFileSync(cfg, JSON.stringify({ http: 'node' }));
    expect((await start(dir, ['--config', cfg])).ready.http).toBe('node');
    expect((await start(tempDir(), ['--config', cfg, '--http', 'own'])).ready.http).toBe('own');
  });

  it('keeps every order across kill -9 and a restart on the same folder', async () => {
    const dir = tempDir();
    const first = await start(dir);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${first.ready.api}/checkout/v3/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...AUTH },
        body: JSON.stringify(sampleOrder({ merchant_reference1: `r${i}` })),
      });
      expect(r.status).toBe(201);
      ids.push((await r.json()).order_id);
    }
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    const second = await start(dir);
    for (const [i, id] of ids.entries()) {
      const r = await fetch(`${second.ready.api}/checkout/v3/orders/${id}`, { headers: AUTH });
      expect(r.status).toBe(200);
      expect((await r.json()).merchant_reference1).toBe(`r${i}`);
    }
  });

  it('answers a 5 MB body with 413 and stays up', async () => {
    const { ready } = await start(tempDir());
    const r = await fetch(`${ready.api}/checkout/v3/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: 'x'.repeat(5 * 1024 * 1024),
    });
    expect(r.status).toBe(413);
    expect((await r.json()).error_code).toBe('BAD_VALUE');
    expect((await fetch(`${ready.api}/checkout/v3/orders/x`, { headers: AUTH })).status).toBe(404);
  });

  it('closes cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { proc } = await start(tempDir());
      const code = new Promise((r) => proc.once('exit', (c) => r(c)));
      proc.kill(signal);
      expect([signal, await code]).toEqual([signal, 0]);
    }
  });

  it('refuses a bad config file, naming the field', async () => {
    const dir = tempDir();
    const cfg = join(dir, 'c.json');
    (await import('node:fs')).writeFileSync(cfg, JSON.stringify({ credentials: { username: '' } }));
    const proc = spawned.spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--data-dir', dir, '--config', cfg],
      {},
    );
    let err = '';
    proc.stderr!.on('data', (d) => (err += d));
    const code = await new Promise((r) => proc.once('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('credentials.username: must not be empty');
    expect(err).toContain('credentials.password: is required');
  });
});
