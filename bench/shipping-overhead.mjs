// Figure: the shipping assistant's overhead per call. An address step with the assistant on (against the
// built-in fake integrator, no merchant callbacks) makes one POST /shippingoptions. The overhead is what
// turning the assistant on adds to that step, less the integrator's own handling: the step's time as the
// caller sees it, minus the same step's median with the assistant off, minus the fake's handler time for
// that call (its inbound exchange). The brief's plainer figure (step minus the fake's handler, so the
// checkout's own step cost included) is reported beside it, with a decomposition of the medians.
import Database from 'better-sqlite3';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH, startSimulator, stop, ROOT } from './lib.mjs';
import { call, percentile } from './http-client.mjs';
import { addressSteps } from './address-steps.mjs';

const STEPS = 1000;
const WARMUP = 50;
const headers = { authorization: AUTH };

/** Runs `count` address steps on fresh orders; returns [orderId, ms] per step. */
async function timedSteps(sim, template, count) {
  const out = [];
  await addressSteps(sim, template, count, (_i, orderId, r) => out.push([orderId, r.ms]));
  return out;
}

/** Per order, in call order: the fake's own handling time (its inbound exchange) and the round trip the assistant saw. */
function callTimes(dataDir) {
  const db = new Database(join(dataDir, 'exchanges.db'), { readonly: true });
  const rows = (kind, direction) =>
    db
      .prepare(
        'SELECT order_id, duration_ms, outcome FROM exchanges_flat WHERE kind = ? AND direction = ? ORDER BY batch, position',
      )
      .all(kind, direction);
  const group = (list) => {
    const byOrder = new Map();
    for (const r of list) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r.duration_ms]);
    return byOrder;
  };
  const out = rows('shipping.options', 'out');
  const result = {
    fake: group(rows('integrator.shippingoptions', 'in')),
    trip: group(out),
    fromIntegrator: out.filter((r) => r.outcome?.startsWith('options:')).length,
  };
  db.close();
  return result;
}

const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** Pairs each step with its call's times (the i-th step of an order made the order's i-th call). */
function pairSteps(on, times) {
  const seen = new Map();
  return on.map(([orderId, ms]) => {
    const i = seen.get(orderId) ?? 0;
    seen.set(orderId, i + 1);
    const fake = times.fake.get(orderId)?.[i];
    const trip = times.trip.get(orderId)?.[i];
    if (fake === undefined || trip === undefined) throw new Error(`no exchange for step ${i} of ${orderId}`);
    return { ms, fake, trip };
  });
}

export async function shippingOverhead() {
  const sim = await startSimulator();
  const template = JSON.parse(await readFile(join(ROOT, 'shared/samples/order.json'), 'utf8'));
  let on;
  let off;
  try {
    off = (await timedSteps(sim, template, 300)).slice(WARMUP).map(([, ms]) => ms);
    const r = await call('POST', `${sim.api}/test_helpers/settings/shipping_assistant/built_in`, { headers });
    if (r.status !== 200) throw new Error(`built_in: ${r.status} ${r.body}`);
    on = await timedSteps(sim, template, STEPS + WARMUP);
  } finally {
    await stop(sim.proc);
  }
  const times = callTimes(sim.dataDir);
  const steps = pairSteps(on, times).slice(WARMUP);
  const base = median(off);
  const overheads = steps.map((x) => x.ms - base - x.fake).sort((a, b) => a - b);
  const med = percentile(overheads, 50);
  const p99 = percentile(overheads, 99);
  const plain = median(steps.map((x) => x.ms - x.fake));
  // The decomposition: the loopback round trip to the in-process fake, and what is left of the step
  // once the round trip and the step's own cost (assistant off) are taken away: the assistant's work.
  const trip = median(steps.map((x) => x.trip));
  const own = median(steps.map((x) => x.ms - x.trip)) - base;
  return {
    name: 'shipping assistant overhead per call (step with it on − same step with it off − the fake’s handler)',
    baseline: `the address step with the assistant off: median ${base.toFixed(3)} ms; the fake’s handler: median ${median(steps.map((x) => x.fake)).toFixed(3)} ms`,
    measured: `median ${med.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms over ${overheads.length} steps`,
    ratio: null,
    target: 'median < 1 ms',
    pass: med < 1,
    note: [
      `step with the assistant on minus the fake’s handler (step cost included): median ${plain.toFixed(3)} ms`,
      `decomposed (medians): step ${base.toFixed(3)} ms + loopback round trip to the in-process fake ${trip.toFixed(3)} ms + the assistant’s own work (request, checks, options, larger session row) ${own.toFixed(3)} ms`,
      `${times.fromIntegrator} of ${on.length} calls answered with integrator options`,
    ].join('\n  '),
  };
}
