// Figure: the soak. 200 customers at once, each buying again and again for SOAK_SECONDS (default 300):
// create → country → address → shipping option → pay over the automation API, with a merchant stub in its
// own process answering every callback (country_change and address_update with two options,
// shipping_option_update with the cart and its fee line, validation 200) and acknowledging each push
// through order management (the clock runs in real time, so pushes come 2 minutes after each purchase).
// Measured: purchases per second, errors (any step not answered 200 with the expected outcome), the
// simulator's resident memory sampled every 30 s, and the log file's growth per purchase. Target: no
// error, and after the warm-up (the first sample, 30 s) every RSS sample within 10 % of their mean.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { jsonClient } from './http-client.mjs';
import { AUTH, startMerchantStub, startSimulator, stop } from './lib.mjs';
import { ADDRESS, memoryMb, sampleOrder } from './orders.mjs';

const CUSTOMERS = 200;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SAMPLE_MS = 30_000;

/** Bytes of the log database with its write-ahead log. */
function logBytes(dataDir) {
  const size = (f) => {
    try {
      return statSync(join(dataDir, f)).size;
    } catch {
      return 0;
    }
  };
  return size('exchanges.db') + size('exchanges.db-wal');
}

/** The customer lives in Norway: the checkout opens for Sweden, so the country step is a change. */
const OSLO = {
  ...ADDRESS,
  street_address: 'Karl Johans gate 1',
  postal_code: '0154',
  city: 'Oslo',
  country: 'NO',
};

/** One customer's purchase; resolves with null, or what went wrong. */
export async function purchase(call, api, template) {
  const created = await call('POST', `${api}/checkout/v3/orders`, template);
  if (created.status !== 201) return `create: ${created.status}`;
  const id = created.body.order_id;
  const step = async (name, body, want) => {
    const r = await call('POST', `${api}/test_helpers/checkout/orders/${id}/${name}`, body);
    return r.status === 200 && r.body.outcome === want
      ? null
      : `${name}: ${r.status} ${r.body?.outcome ?? ''}`;
  };
  return (
    (await step('country', { country: 'NO' }, 'applied')) ??
    (await step('address', { billing_address: OSLO }, 'applied')) ??
    (await step('shipping_option', { id: 'express' }, 'applied')) ??
    (await step('complete', {}, 'completed'))
  );
}

/** The order each purchase creates: every callback to the merchant stub at `stubUrl`, Sweden or Norway. */
export function purchaseTemplate(stubUrl) {
  const cb = (kind) => `${stubUrl}/cb/${kind}?order_id={checkout.order.id}`;
  const template = sampleOrder({
    push: cb('push'),
    country_change: cb('country_change'),
    address_update: cb('address_update'),
    shipping_option_update: cb('shipping_option_update'),
    validation: cb('validation'),
  });
  template.shipping_countries = ['SE', 'NO'];
  return template;
}

export async function soak() {
  const sim = await startSimulator();
  const { call, close } = jsonClient({ authorization: AUTH, maxSockets: CUSTOMERS });
  const stub = await startMerchantStub({ STUB_API: sim.api, STUB_AUTH: AUTH });
  const template = purchaseTemplate(stub.url);
  const samples = [];
  const errors = [];
  let purchases = 0;
  try {
    const startBytes = logBytes(sim.dataDir);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const sampler = setInterval(() => {
      samples.push({
        s: Math.round((performance.now() - started) / 1000),
        rss: memoryMb(sim.proc.pid, 'VmRSS'),
      });
    }, SAMPLE_MS);
    const customer = async () => {
      while (performance.now() < deadline) {
        const err = await purchase(call, sim.api, template).catch((e) => `network: ${e.message}`);
        if (err) errors.push(err);
        else purchases++;
      }
    };
    await Promise.all(Array.from({ length: CUSTOMERS }, customer));
    clearInterval(sampler);
    const wallS = (performance.now() - started) / 1000;
    const stats = await fetch(`${stub.url}/stats`).then((r) => r.json());
    const ackErrors = stats.error_count;
    await stop(sim.proc); // the log is written out on a clean stop
    const growth = (logBytes(sim.dataDir) - startBytes) / Math.max(1, purchases);
    const steady = samples
      .slice(1)
      .map((x) => x.rss)
      .filter((x) => x !== null);
    const mean = steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length);
    const spread = steady.length > 0 ? Math.max(...steady.map((x) => Math.abs(x - mean) / mean)) : null;
    const flat = spread !== null && spread <= 0.1;
    return {
      name: `soak: ${CUSTOMERS} concurrent customers for ${SECONDS} s (create, country, address, option, pay; merchant stub answering)`,
      baseline: `merchant stub: ${Object.entries(stats.counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}; acknowledgement errors ${ackErrors}`,
      measured: `${purchases.toLocaleString('en')} purchases in ${wallS.toFixed(0)} s = ${(purchases / wallS).toFixed(1)}/s, ${errors.length} errors; RSS every 30 s: ${samples.map((x) => `${x.s}s ${x.rss?.toFixed(0) ?? 'n/a'} MB`).join(', ')}; log growth ${(growth / 1024).toFixed(1)} KB per purchase`,
      ratio: null,
      target: '0 errors, RSS after warm-up within 10 % of its mean',
      pass: errors.length === 0 && ackErrors === 0 && (flat || steady.length === 0),
      note: [
        spread === null
          ? 'too short to sample RSS after the warm-up'
          : `RSS after warm-up: mean ${mean.toFixed(0)} MB, largest deviation ${(spread * 100).toFixed(1)} %`,
        ...(errors.length > 0 ? [`first errors: ${errors.slice(0, 5).join('; ')}`] : []),
        ...(ackErrors > 0 ? [`acknowledgement errors: ${stats.errors.slice(0, 5).join('; ')}`] : []),
      ].join('\n  '),
    };
  } finally {
    close();
    await stop(sim.proc);
    await stop(stub.proc);
  }
}
