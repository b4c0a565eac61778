import { execFileSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boot, type Booted } from './boot';
import { bootOptions } from '../test-kit/booted-sim';

// A simulator whose listeners serve 2 connections each (config max_connections), the API 1 more for
// /test_helpers: the third connection is refused at once, in the API's shape, and the console answers.
let sim: Booted | null = null;
let dir = '';
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.destroy());
  await sim?.stop();
  sim = null;
  rmSync(dir, { recursive: true, force: true });
});

const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

async function start(): Promise<Booted> {
  dir = mkdtempSync(join(tmpdir(), 'sim-load-shed-'));
  sim = await boot(
    bootOptions(dir, {
      config: { max_connections: 2, test_helpers_connections: 1 },
      console: { rendererDir: null },
    }),
  );
  return sim;
}

/** A raw connection to `url`, kept open: it holds one of the listener's connections. */
async function hold(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const s = connect(Number(port), hostname);
  sockets.push(s);
  await new Promise<void>((r, j) => s.once('connect', r).once('error', j));
  return s;
}

/** Sends one request on a new connection and reads the whole answer (the server closes or it ends). */
async function rawRequest(url: string, path: string): Promise<{ head: string; body: string }> {
  const s = await hold(url);
  const chunks: Buffer[] = [];
  s.on('data', (c: Buffer) => chunks.push(c));
  s.write(
    `GET ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`,
  );
  await new Promise((r) => s.once('close', r));
  const text = Buffer.concat(chunks).toString('utf8');
  const at = text.indexOf('\r\n\r\n');
  return { head: text.slice(0, at), body: text.slice(at + 4) };
}

/** Waits until the server has taken `n` held connections (a request on each answered). */
async function heldAndServed(url: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const s = await hold(url);
    s.write(`GET /openapi.json HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
    await new Promise((r) => s.once('data', r));
  }
}

describe('shedding load past a listener’s connection budget', () => {
  it('refuses the (N+1)th connection at once with 503, Retry-After and the API’s error shape', async () => {
    const b = await start();
    await heldAndServed(b.urls.api, 2);
    const refused = await rawRequest(b.urls.api, '/checkout/v3/orders/nothing');
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head).toMatch(/\r\nRetry-After: 1\r\n/i);
    const correlation = /\r\nKlarna-Correlation-Id: ([^\r]+)/i.exec(refused.head)?.[1];
    expect(correlation).toBeDefined();
    expect(JSON.parse(refused.body)).toEqual({
      error_code: 'SERVICE_UNAVAILABLE',
      error_messages: [
        expect.stringContaining('limit of 2 connections on this listener (config max_connections)'),
      ],
      correlation_id: correlation,
    });
  });

  it('keeps /test_helpers and the console answering while the API is at its budget', async () => {
    const b = await start();
    await heldAndServed(b.urls.api, 2);
    const clock = await rawRequest(b.urls.api, '/test_helpers/clock');
    expect(clock.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(clock.body)).toHaveProperty('now');
    const control = await fetch(`${b.urls.console}/control/invoke/clock.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(control.status).toBe(200);
  });

  it('refuses the console’s own (N+1)th connection in the console’s shape', async () => {
    const b = await start();
    await hold(b.urls.console);
    await hold(b.urls.console);
    const refused = await rawRequest(b.urls.console, '/control/invoke/clock.get');
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('answers a connection past the budget before it sends anything, when no reserve is left', async () => {
    const b = await start();
    await hold(b.urls.console);
    await hold(b.urls.console);
    // It has not sent its request (a client whose request waits for TCP's retransmission): the 503 comes
    // anyway, and what it sends afterwards is read, so the close is clean (an end, not a reset).
    const silent = connect({
      port: Number(new URL(b.urls.console).port),
      host: '127.0.0.1',
      allowHalfOpen: true,
    });
    sockets.push(silent);
    const chunks: Buffer[] = [];
    silent.on('data', (c: Buffer) => chunks.push(c));
    await new Promise((r) => silent.once('end', r));
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^HTTP\/1\.1 503 [^]*"SERVICE_UNAVAILABLE"/);
    silent.end('GET /control/invoke/clock.get HTTP/1.1\r\nHost: x\r\n\r\n');
    const closed = await new Promise<boolean>((r) => {
      silent.once('error', () => r(false));
      silent.once('close', (hadError) => r(!hadError));
    });
    expect(closed).toBe(true);
  });

  // The kernel's accept queue (ss's Send-Q of the LISTEN socket) is the budget, not Node's 511: a
  // connection waiting there is unseen by the budget while its client times its request.
  it.skipIf(!hasSs())('bounds each listener’s accept queue to its budget and reserve', async () => {
    const b = await start();
    const backlog = (url: string) => {
      const out = execFileSync('ss', ['-Hltn', `sport = :${new URL(url).port}`], { encoding: 'utf8' });
      return Number(out.trim().split(/\s+/)[2]);
    };
    expect([b.urls.api, b.urls.integrator, b.urls.checkout, b.urls.console].map(backlog)).toEqual([
      3, 3, 3, 3,
    ]);
  });
});

function hasSs(): boolean {
  try {
    execFileSync('ss', ['-V']);
    return true;
  } catch {
    return false;
  }
}
