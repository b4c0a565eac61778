// Figure: the push timeline survives kill -9. 50 completed orders whose merchant never acknowledges (the
// merchant stub answers push with 500 after 400 ms, so attempts are in flight), the clock manual, then
// one 48-hour advance that is killed with SIGKILL at 10 random moments; after each kill the simulator is
// restarted on the same data folder and the advance goes on to the same end. Then the same with 1,000
// orders and a merchant answering at once, so kills land amid claims, answers and writes. Then, read from the files:
// every order has attempts 1…16 exactly once (no duplicate, no gap), each delivered to the merchant or
// 'interrupted' (in flight at a kill: recorded, never sent twice), no attempt left 'sending', every
// attempt that has an exchange id has that exchange in the log, and `PRAGMA integrity_check` is ok on
// both SQLite files. Seeded (CRASH_SEED) so a run can be repeated. Not a ratio: a correctness figure.
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { jsonClient } from './http-client.mjs';
import { AUTH, startMerchantStub, startSimulator, stop } from './lib.mjs';
import { completeOrders, sampleOrder } from './orders.mjs';
import { createRng } from '../tools/fuzz/rng.mjs';

const ORDERS = 50; // the slow merchant's run; the fast one has twenty times as many
const KILLS = 10;
const ATTEMPTS = 16;
const SEED = Number(process.env.CRASH_SEED ?? 17);
// Completion → first push (2 min), the 48-hour window, and a minute to spare.
const ADVANCE_MS = (2 * 60 + 48 * 3600 + 60) * 1000;

const killed = (proc) =>
  new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', r)));

/** The attempts of every order as stored, and both files' integrity, read after the last stop. */
function readFiles(dataDir) {
  const db = new Database(join(dataDir, 'simulator.db'), { readonly: true });
  const log = new Database(join(dataDir, 'exchanges.db'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT order_id, number, outcome, exchange_id FROM push_attempts ORDER BY order_id, number')
      .all();
    return {
      rows,
      integrity: [db, log].map((d) => d.pragma('integrity_check', { simple: true })),
    };
  } finally {
    db.close();
    log.close();
  }
}

/** The ids of the push exchanges the log holds for `orderId`. */
async function loggedPushes(call, api, orderId) {
  const r = await call('GET', `${api}/test_helpers/exchanges?order_id=${orderId}&limit=10000`);
  return new Set(r.body.exchanges.filter((e) => e.kind === 'push').map((e) => e.id));
}

/** Checks every order's attempts; returns the problems found (empty when all hold) and the counts. */
function judge(ids, rows, logged) {
  const problems = [];
  const outcomes = {};
  let missingFromLog = 0;
  for (const id of ids) {
    const mine = rows.filter((r) => r.order_id === id);
    const numbers = mine.map((r) => r.number).join(',');
    const want = Array.from({ length: ATTEMPTS }, (_, i) => i + 1).join(',');
    if (numbers !== want) problems.push(`${id}: attempts ${numbers}, want ${want}`);
    for (const r of mine) {
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      if (r.outcome === 'sending') problems.push(`${id}: attempt ${r.number} still 'sending'`);
      if (r.exchange_id !== null && !logged.get(id).has(r.exchange_id)) missingFromLog++;
    }
  }
  if (missingFromLog > 0) problems.push(`${missingFromLog} attempts name an exchange the log does not hold`);
  return { problems, outcomes };
}

/**
 * One kill run: `orders` completed orders, a merchant answering push 500 after `delayMs`, and KILLS
 * kills each `killMs` ([lo, hi]) into the advance that is running. Resolves with what it saw.
 */
async function killRun(rng, { orders, delayMs, killMs }) {
  const stub = await startMerchantStub({ STUB_PUSH: 'fail', STUB_DELAY_MS: String(delayMs) });
  let sim = await startSimulator();
  const { dataDir } = sim;
  const { call, close } = jsonClient({ authorization: AUTH, maxSockets: 16 });
  const kills = [];
  try {
    await call('PUT', `${sim.api}/test_helpers/clock`, { mode: 'manual' });
    const template = sampleOrder({ push: `${stub.url}/cb/push?order_id={checkout.order.id}` });
    const ids = await completeOrders(call, sim.api, template, orders, 10);
    const startMs = Date.parse((await call('GET', `${sim.api}/test_helpers/clock`)).body.now);
    const endMs = startMs + ADVANCE_MS;
    const firstPushMs = startMs + 2 * 60 * 1000;
    while (kills.length < KILLS) {
      const now = Date.parse((await call('GET', `${sim.api}/test_helpers/clock`)).body.now);
      let answered = false;
      const advance = call('POST', `${sim.api}/test_helpers/clock/advance`, { seconds: (endMs - now) / 1000 })
        .then(() => (answered = true))
        .catch(() => {});
      await sleep(rng.int(killMs[0], killMs[1]));
      if (answered) break; // the advance reached the end before this kill: the rest run to the end
      sim.proc.kill('SIGKILL');
      await killed(sim.proc);
      await advance;
      sim = await startSimulator({ dataDir });
      const at = Date.parse((await call('GET', `${sim.api}/test_helpers/clock`)).body.now);
      kills.push(Math.max(0, (at - firstPushMs) / 3_600_000));
    }
    const rest = Date.parse((await call('GET', `${sim.api}/test_helpers/clock`)).body.now);
    if (rest < endMs)
      await call('POST', `${sim.api}/test_helpers/clock/advance`, { seconds: (endMs - rest) / 1000 });
    const logged = new Map();
    for (const id of ids) logged.set(id, await loggedPushes(call, sim.api, id));
    await stop(sim.proc);
    const { rows, integrity } = readFiles(dataDir);
    const { problems, outcomes } = judge(ids, rows, logged);
    if (kills.length < KILLS) problems.push(`only ${kills.length} kills landed inside the advance`);
    if (!integrity.every((i) => i === 'ok')) problems.push(`integrity_check: ${integrity.join(' / ')}`);
    const stored = Object.entries(outcomes)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    return {
      text: `${orders} orders, merchant ${delayMs} ms: killed at ${kills.map((h) => `${h.toFixed(1)} h`).join(', ')}; ${rows.length} attempts (${stored}); integrity_check ${integrity.join(' / ')}`,
      problems,
    };
  } finally {
    close();
    await stop(sim.proc);
    await stop(stub.proc);
  }
}

export async function crash() {
  const rng = createRng(SEED);
  // A slow merchant: each kill lands while 50 pushes wait for their answers.
  const inFlight = await killRun(rng, { orders: ORDERS, delayMs: 400, killMs: [50, 700] });
  // A fast merchant and more orders: kills land amid claims, answers and the writes of both files.
  const busy = await killRun(rng, { orders: 20 * ORDERS, delayMs: 0, killMs: [10, 120] });
  const problems = [
    ...inFlight.problems.map((p) => `slow merchant: ${p}`),
    ...busy.problems.map((p) => `fast merchant: ${p}`),
  ];
  return {
    name: `kill -9: ${KILLS} kills during a 48-hour advance of unacknowledged orders, twice (seed ${SEED})`,
    baseline: 'the merchant answers every push 500; restart on the same folder after each kill',
    measured: `${inFlight.text}\n  ${busy.text}`,
    ratio: null,
    target: `every order has attempts 1…${ATTEMPTS} once, none left sending, each logged; integrity ok on both files`,
    pass: problems.length === 0,
    note: problems.length === 0 ? 'no duplicate, no gap' : problems.slice(0, 10).join('\n  '),
  };
}
