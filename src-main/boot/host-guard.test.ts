import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Booted } from './boot';
import { bootOptions, SHOP_MODULE } from '../test-kit/booted-sim';
import { TEST_HTTP_SERVERS } from '../test-kit/http-servers';

// Every listener answers only to its own names (host-check.ts, against DNS rebinding): a page on
// evil.example whose DNS now points here sends `Host: evil.example`. The config's allowed_hosts adds names.
const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: string, method: string, path: string, host: string, body?: string): Promise<Got> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers: { host, authorization: AUTH } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(body);
  });
}

describe.each(TEST_HTTP_SERVERS)('the Host guard of every listener (provider API over %s)', (http) => {
  let sim: Booted;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sim-hosts-'));
    sim = await boot(
      bootOptions(dir, {
        config: { allowed_hosts: ['Sim.Test'] },
        http,
        shopModule: SHOP_MODULE,
        console: { rendererDir: null },
      }),
    );
  });
  afterAll(async () => {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('provider API: refuses evil.example in its error shape (403, correlation id), /test_helpers too', async () => {
    const app = await send(sim.urls.api, 'GET', '/test_helpers/app', 'evil.example');
    expect(app.status).toBe(403);
    const body = JSON.parse(app.body) as {
      error_code: string;
      error_messages: string[];
      correlation_id: string;
    };
    expect(body.error_code).toBe('HOST_NOT_ALLOWED');
    expect(body.error_messages[0]).toMatch(/^Host: 'evil\.example' is not a name of this simulator/);
    expect(app.headers['klarna-correlation-id']).toBe(body.correlation_id);
    expect(app.body).not.toContain('secret');
    const put = await send(sim.urls.api, 'PUT', '/test_helpers/settings', 'evil.example:80', '{}');
    expect(put.status).toBe(403);
    const order = await send(sim.urls.api, 'GET', '/checkout/v3/orders/x', 'evil.example');
    expect(order.status).toBe(403);
    // Its own names: an IP address, localhost, and the config's allowed_hosts (any case, any port).
    for (const host of ['127.0.0.1', 'localhost:1', 'sim.test:4700'])
      expect((await send(sim.urls.api, 'GET', '/test_helpers/app', host)).status, host).toBe(200);
  });

  it('fake integrator: refuses evil.example in its own shape', async () => {
    const r = await send(sim.urls.integrator, 'POST', '/auth', 'evil.example', '{}');
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toEqual({
      failure_reason: expect.stringMatching(/^host_not_allowed: Host: 'evil\.example' is not a name/),
    });
    expect((await send(sim.urls.integrator, 'POST', '/auth', 'sim.test', '{}')).status).toBe(400);
  });

  it('embedded checkout: refuses evil.example, answers to allowed_hosts', async () => {
    const r = await send(sim.urls.checkout, 'GET', '/kco', 'evil.example');
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([403, 'HOST_NOT_ALLOWED']);
    expect((await send(sim.urls.checkout, 'GET', '/kco', 'sim.test')).status).toBe(200);
  });

  it('console: refuses evil.example, answers to allowed_hosts', async () => {
    const r = await send(sim.urls.console, 'POST', '/control/invoke/app.info', 'evil.example', '{}');
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([403, 'FORBIDDEN']);
    const ok = await send(sim.urls.console, 'POST', '/control/invoke/app.info', 'sim.test', '{}');
    expect(ok.status).toBe(200);
  });

  it('sample shop: refuses evil.example, answers to allowed_hosts', async () => {
    const r = await send(sim.urls.shop, 'GET', '/', 'evil.example');
    expect(r.status).toBe(403);
    expect(r.body).toContain('host-refused');
    expect((await send(sim.urls.shop, 'GET', '/', 'sim.test')).status).toBe(200);
  });
});
