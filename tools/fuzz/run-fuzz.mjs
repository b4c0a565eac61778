// The fuzz run: starts the simulator and a merchant stub, then sends each API `perApi` malformed requests
// derived from its OpenAPI document (and each listener without one, run-listeners.mjs, as many), `concurrency` at a time over kept-alive sockets, and checks every
// answer: no 5xx, none missing (each within `limitMs`), the process alive at the end, and every 400 naming
// the field in its API's error shape.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startMerchantStub, startSimulator, stop } from '../sim-processes.mjs';
import { APIS, BASIC, LINE, optionsRequest, orderTemplate } from './apis.mjs';
import { createClient, jsonCall } from './client.mjs';
import { createRng } from './rng.mjs';
import { buildRequest, routesOf } from './requests.mjs';
import { createResolver } from './schema.mjs';
import { createStats, evaluate } from './checks.mjs';
import { fuzzListeners } from './run-listeners.mjs';

const ROUND = 250; // requests between fresh fixtures

function uuidFrom(rng) {
  const h = rng.string(32, '0123456789abcdef');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The generation context of one API: valid strings by field name, real ids, bodies that add up. */
function contextFor(api, doc, env, rng) {
  const ctx = {
    rng,
    fixtures: {},
    resolve: createResolver(doc),
    uuid: () => uuidFrom(rng),
    stubUrl: (p) => `${env.stub}${p}`,
    booleanFor: (key) => (key === 'timeout' ? false : rng.chance(0.5)),
    hint(path) {
      const key = String(path[path.length - 1] ?? '');
      const parent = String(path[path.length - 2] ?? '');
      const fx = ctx.fixtures;
      if (parent === 'allowed_origins' || key === 'origin') return 'https://shop.example.com';
      if (key === 'base_url') return env.integrator;
      if (/url$/.test(key) || parent === 'merchant_urls')
        return `${env.stub}/cb/${key}?order_id={checkout.order.id}`;
      if (key === 'identifier') return env.creds.identifier;
      if (key === 'key' && parent === '') return env.creds.key;
      if (key === 'device_id') return rng.pick(fx.device_id ?? fx.id ?? ['none']);
      if (key === 'order_id' || key === 'orderId') return rng.pick(fx.order_id ?? ['none']);
      const plain = {
        email: 'customer@example.com',
        postal_code: '11134',
        given_name: 'Test',
        family_name: 'Person',
        street_address: 'Sveavägen 46',
        city: 'Stockholm',
        phone: '+46701234567',
        country: 'SE',
      };
      return plain[key];
    },
    overrides: {
      CheckoutOrderCreate: () => structuredClone(env.template),
      CheckoutOrderUpdate: () => ({
        order_amount: 12500,
        order_tax_amount: 2500,
        order_lines: [{ ...LINE }],
      }),
      Address: () => structuredClone(env.address),
      OrderLine: () => ({ ...LINE }),
      IppSessionCreate: () => ({
        device_id: rng.pick(ctx.fixtures.device_id ?? ['none']),
        order_amount: 12500,
        order_tax_amount: 2500,
        purchase_currency: 'SEK',
        order_items: [{ ...LINE }],
      }),
      ShippingOptionsRequest: () => optionsRequest(),
      ShipmentRequest: () =>
        structuredClone(env.shipmentBody ?? { ...optionsRequest(), selected_shipping_option: {} }),
    },
  };
  return ctx;
}

/** Sends `requests` with `concurrency` in flight; each answer goes to `onAnswer(req, res)`. */
async function sendAll(client, requests, concurrency, limitMs, onAnswer) {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++];
      onAnswer(req, await client.send(req, limitMs));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** VmRSS and VmHWM of a process, in MB (Linux). */
export function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Runs the fuzz; resolves with {apis: [{name, stats}], alive, cleanExit, memory, seconds}. */
export async function runFuzz({
  seed = 1,
  perApi = 10_000,
  concurrency = 32,
  only = [],
  limitMs = 30_000,
  log = () => {},
}) {
  const sim = await startSimulator();
  const stub = await startMerchantStub({ STUB_API: sim.api, STUB_AUTH: BASIC }).catch(async (err) => {
    await stop(sim.proc);
    throw err;
  });
  try {
    return await fuzzWith(sim, stub, { seed, perApi, concurrency, only, limitMs, log });
  } finally {
    await stop(sim.proc);
    await stop(stub.proc);
  }
}

async function fuzzWith(sim, stub, { seed, perApi, concurrency, only, limitMs, log }) {
  const client = createClient(concurrency);
  const started = performance.now();
  const sample = JSON.parse(readFileSync(join(ROOT, 'shared/samples/order.json'), 'utf8'));
  const env = {
    client,
    api: sim.api,
    integrator: sim.integrator,
    stub: stub.url,
    template: orderTemplate(sample, stub.url),
    address: JSON.parse(readFileSync(join(ROOT, 'shared/samples/address.json'), 'utf8')),
    runIds: [],
    creds: (
      await jsonCall(client, 'GET', `${sim.api}/test_helpers/integrator/settings`, { authorization: BASIC })
    ).body,
  };
  const docs = {
    provider: (await jsonCall(client, 'GET', `${sim.api}/openapi.json`, {})).body,
    integrator: (await jsonCall(client, 'GET', `${sim.integrator}/openapi.json`, {})).body,
  };
  const results = [];
  try {
    for (const api of APIS) {
      if (only.length > 0 && !only.includes(api.name)) continue;
      const rng = createRng(seed * 7919 + results.length);
      const routes = routesOf(docs[api.doc], api.prefix);
      const base = api.doc === 'integrator' ? sim.integrator : sim.api;
      const ctx = contextFor(api, docs[api.doc], env, rng);
      const stats = createStats(api.name, routes.length);
      if (api.name === 'test_helpers') {
        const run = await jsonCall(
          client,
          'POST',
          `${sim.api}/test_helpers/integrator/conformance`,
          { authorization: BASIC },
          {
            base_url: sim.integrator,
            identifier: env.creds.identifier,
            key: env.creds.key,
          },
        );
        const id = run.headers?.location?.split('/').pop();
        if (id) env.runIds.push(id);
      }
      const apiStart = performance.now();
      for (let sent = 0; sent < perApi; sent += ROUND) {
        try {
          ctx.fixtures = await api.fixtures(env);
        } catch (err) {
          stats.fixtureFailures.push(String(err.message).slice(0, 300));
        }
        const reqEnv = {
          base,
          ctx,
          auth: (route) =>
            api.doc === 'integrator'
              ? route.path === '/auth'
                ? undefined
                : `Bearer ${ctx.fixtures.token}`
              : BASIC,
          authFree: (route) => api.doc === 'integrator' && route.path === '/auth',
        };
        const batch = Array.from({ length: Math.min(ROUND, perApi - sent) }, () =>
          buildRequest(rng.pick(routes), ctx.fixtures, rng, reqEnv),
        );
        await sendAll(client, batch, concurrency, limitMs, (req, res) =>
          evaluate(stats, api.shape, req, res),
        );
        if (sim.proc.exitCode !== null || sim.proc.signalCode !== null) break;
      }
      stats.seconds = (performance.now() - apiStart) / 1000;
      results.push({ name: api.name, stats });
      log(
        `${api.name}: ${stats.requests} requests in ${stats.seconds.toFixed(1)} s, ${stats.fiveXX.n} 5xx, ${stats.hangs.n} hangs`,
      );
    }
    let n = 0;
    results.push(
      ...(await fuzzListeners(sim, env, {
        perApi,
        concurrency,
        only,
        limitMs,
        log,
        sendAll,
        rngFor: () => createRng(seed * 7919 + APIS.length + n++),
      })),
    );
  } finally {
    client.close();
  }
  const alive = sim.proc.exitCode === null && sim.proc.signalCode === null;
  const memory = memoryMb(sim.proc.pid);
  let health = null;
  if (alive) {
    const probe = createClient(1);
    health = (
      await jsonCall(probe, 'GET', `${sim.api}/test_helpers/clock`, { authorization: BASIC }).catch(() => ({
        status: null,
      }))
    ).status;
    probe.close();
  }
  await stop(sim.proc);
  return {
    seed,
    perApi,
    concurrency,
    apis: results,
    alive: alive && health === 200,
    exit: { code: sim.proc.exitCode, signal: sim.proc.signalCode },
    memory,
    seconds: (performance.now() - started) / 1000,
  };
}
