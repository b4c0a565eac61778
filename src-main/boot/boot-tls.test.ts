import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExploreStatus } from '@shared/schemas/explore.schema';
import { bootLeftovers, bootOptions, SHOP_MODULE } from '../test-kit/booted-sim';
import { FULL_ADDRESS } from '../test-kit/session-env';
import { boot, type BootOptions, type Booted } from './boot';
import { StartupError } from './startup-error';

// `--tls`: every listener but the console answers https with a certificate of the data folder's local CA,
// which a client trusting that CA verifies and any other client refuses.
const { dirs, running, blockers } = bootLeftovers();

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sim-boot-tls-'));
  dirs.push(d);
  return d;
};

async function start(over: Partial<BootOptions> = {}, dataDir = tempDir()): Promise<Booted> {
  const b = await boot(
    bootOptions(dataDir, { shopModule: SHOP_MODULE, console: { rendererDir: null }, tls: {}, ...over }),
  );
  running.push(b);
  return b;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One https request, trusting `ca` only when given (else Node's roots); rejects on a TLS refusal. */
function call(
  url: string,
  o: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: o.method ?? 'GET', headers: o.headers, ...(o.ca ? { ca: o.ca } : {}), agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

const auth = { authorization: `Basic ${Buffer.from('merchant:secret').toString('base64')}` };

describe('boot() with tls', () => {
  it('serves the API, the integrator, the embedded checkout and the shop over https; the console stays http', async () => {
    const dir = tempDir();
    const b = await start({}, dir);
    const caFile = join(dir, 'tls', 'ca.pem');
    expect(b.tls).toEqual({ caFile });
    const info = (await b.core.control.invoke('app.info', {})) as { urls: unknown; tls: unknown };
    expect(info.tls).toEqual({ caFile });
    expect(info.urls).toEqual(b.urls);
    const ca = readFileSync(caFile, 'utf8');
    const pages = {
      api: `${b.urls.api}/openapi.json`,
      integrator: `${b.urls.integrator}/openapi.json`,
      checkout: `${b.urls.checkout}/`,
      shop: `${b.urls.shop}/`,
    };
    for (const [name, url] of Object.entries(pages)) {
      expect(url, name).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
      // Trusting the CA: verified. Trusting only Node's roots: refused at the handshake.
      expect((await call(url, { ca })).status, name).toBeLessThan(500);
      await expect(call(url), name).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    }
    expect(b.urls.console).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const control = await fetch(`${b.urls.console}/control/invoke/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await control.json()) as { value: { tls: unknown } }).value.tls).toEqual({ caFile });
  });

  it('names https in what the API answers: Location and the html_snippet', async () => {
    const b = await start({ shopModule: null, console: undefined });
    const ca = readFileSync(b.tls!.caFile!, 'utf8');
    const order = readFileSync(join(import.meta.dirname, '../../shared/samples/order.json'), 'utf8');
    const created = await call(`${b.urls.api}/checkout/v3/orders`, {
      ca,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: order,
    });
    expect(created.status).toBe(201);
    const body = JSON.parse(created.body) as { order_id: string; html_snippet: string };
    expect(created.headers.location).toBe(`${b.urls.api}/checkout/v3/orders/${body.order_id}`);
    expect(body.html_snippet).toContain(`${b.urls.checkout}/`);
  });

  it('serves https under --http node as under the own server', async () => {
    const b = await start({ http: 'node', shopModule: null, console: undefined });
    const ca = readFileSync(b.tls!.caFile!, 'utf8');
    expect((await call(`${b.urls.api}/openapi.json`, { ca })).status).toBe(200);
    expect((await call(`${b.urls.integrator}/openapi.json`, { ca })).status).toBe(200);
  });

  it('reuses the data folder’s CA on the next start', async () => {
    const dir = tempDir();
    const first = await start({ shopModule: null, console: undefined }, dir);
    const ca = readFileSync(first.tls!.caFile!, 'utf8');
    await running.splice(0)[0]!.stop();
    const second = await start({ shopModule: null, console: undefined }, dir);
    expect(second.tls!.caFile).toBe(first.tls!.caFile);
    expect(readFileSync(second.tls!.caFile!, 'utf8')).toBe(ca);
    expect((await call(`${second.urls.api}/openapi.json`, { ca })).status).toBe(200);
  });

  it('lets the sample shop open a checkout over https and take its callbacks over https, trusted', async () => {
    const b = await start({ console: undefined });
    const ca = readFileSync(b.tls!.caFile!, 'utf8');
    const added = await call(`${b.urls.shop}/cart/lines`, {
      ca,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'product=tea-towel&action=add',
    });
    const cookie = String(added.headers['set-cookie']).split(';')[0]!;
    const page = await call(`${b.urls.shop}/checkout`, { ca, headers: { cookie } });
    expect(page.status).toBe(200);
    const [summary] = b.core.orders.list();
    const order = b.core.orders.load(summary!.order_id)!.order;
    expect(order.merchant_urls.push).toMatch(new RegExp(`^${b.urls.shop}/kco/push`));
    expect(page.body).toContain(b.urls.checkout);
    // A callback to the shop's https URL: its certificate is the local CA's, so nothing is flagged.
    const step = await b.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
    expect(step.outcome).not.toBe('failed');
    const log = await b.core.exchanges.list({ orderId: order.order_id });
    const callback = log.find((e) => e.direction === 'out');
    expect(callback?.url).toMatch(/^https:/);
    expect(callback?.status).toBe(200);
    expect(callback?.violations).toEqual([]);
  });
});

describe('the console under tls', () => {
  it('runs a scenario against its own https API and the https sample shop, whose push is trusted', async () => {
    const b = await start({ console: undefined });
    const file = join(import.meta.dirname, '../../scenarios/push-acknowledged.yaml');
    const report = (await b.core.control.invoke('scenarios.run', {
      text: readFileSync(file, 'utf8'),
      filename: 'push-acknowledged.yaml',
    })) as { passed: boolean; scenarios: { order_id: string | null; error?: string }[] };
    expect(report.scenarios[0]?.error ?? null).toBeNull();
    expect(report.passed).toBe(true);
    const log = await b.core.exchanges.list({ orderId: report.scenarios[0]!.order_id! });
    const push = log.find((e) => e.kind === 'push')!;
    expect(push.url).toMatch(new RegExp(`^${b.urls.shop}/`));
    // The shop's certificate is the local CA's, which the simulator trusts: not flagged as untrusted.
    expect(push.violations).toEqual([]);
  });

  it('explores its own https sample shop, its page visits trusted too: nothing found', async () => {
    const b = await start({ console: undefined });
    // Every journey visits the confirmation page once or twice (arrival), over https from the local CA.
    const run = (await b.core.control.invoke('explore.start', {
      runs: 6,
      seed: 7,
      parallel: 2,
      config: { vary: { faults: [], clock: false } },
    })) as ExploreStatus;
    let status = run;
    while (status.state === 'running') {
      await new Promise((r) => setImmediate(r));
      status = (await b.core.control.invoke('explore.status', { run_id: run.run_id })) as ExploreStatus;
    }
    expect([status.state, status.error]).toEqual(['done', null]);
    expect(status.progress.runs_done).toBe(6);
    expect(status.findings.map((f) => f.sentence)).toEqual([]);
    // Every journey ran to its last step: none stopped at a page the runner could not open.
    expect(status.ended_early).toEqual([]);
  }, 120_000);
});

describe('boot() with tls on port 443', () => {
  // A client that speaks https only, to a host name and no port (443), as @crystallize/node-klarna does.
  // Binding 443 needs root (or CAP_NET_BIND_SERVICE); elsewhere the refusal is tls-cli.test.ts's.
  it.runIf(process.getuid?.() === 0)('answers https://localhost/ verified by the local CA', async () => {
    const b = await start({
      ports: { api: 443, console: 0, integrator: 0, checkout: 0, shop: 0 },
      shopModule: null,
      console: undefined,
    });
    expect(b.urls.api).toBe('https://127.0.0.1:443');
    const ca = readFileSync(b.tls!.caFile!, 'utf8');
    const created = await call('https://localhost/checkout/v3/orders', {
      ca,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: readFileSync(join(import.meta.dirname, '../../shared/samples/order.json'), 'utf8'),
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toMatch(/^https:\/\/localhost\/checkout\/v3\/orders\//);
  });
});

describe('boot() with tls refuses bad input in one line', () => {
  it('an unreadable certificate or key, naming the file', async () => {
    const dir = tempDir();
    const missing = join(dir, 'nope.pem');
    writeFileSync(join(dir, 'key.pem'), 'garbage');
    const failed = start({ tls: { certFile: missing, keyFile: join(dir, 'key.pem') } });
    await expect(failed).rejects.toBeInstanceOf(StartupError);
    await expect(failed).rejects.toThrow(`cannot read the TLS certificate ${missing}`);
  });

  it('a CA that cannot be written, naming the folder', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tls'), 'a file in the way');
    await expect(start({}, dir)).rejects.toThrow(
      `cannot write the local CA in ${join(dir, 'tls')}: a file is in the way of it`,
    );
  });

  it('a port in use, naming the port', async () => {
    const s = createServer();
    blockers.push(s);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    await expect(
      start({ ports: { api: port, console: 0, integrator: 0, checkout: 0, shop: 0 } }),
    ).rejects.toThrow(`port ${port} (the provider API) on 127.0.0.1 is in use`);
  });
});
