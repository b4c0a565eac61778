// Figure: the push timeline survives kill -9. 50 completed orders whose merchant never acknowledges (the
// merchant stub answers push with 500 after 400 ms, so attempts are in flight), the clock manual, then
// one 48-hour advance that is killed with SIGKILL at 10 random moments; after each kill the simulator is
// restarted on the same data folder and the advance goes on to the same end. Then the same with 1,000
// orders and a merchant answering at once, so kills land amid claims, answers and writes. The merchant
// stub writes down every push it receives (a line appended before it answers) and answers with that
// push's number for its order. Then, read from the files: every order has attempts 1…16 exactly once
// (no gap), none left 'sending'; per attempt, what is recorded matches what the merchant received: an
// answered attempt holds the merchant's answer to that very push (its number and status) and names an
// exchange the log holds, an 'interrupted' one (written, no answer recorded) was received; no push
// received twice (duplicates), none never received (never sent); and `PRAGMA integrity_check` is ok on
// both SQLite files. Seeded (CRASH_SEED) so a run can be repeated. Not a ratio: a correctness figure.
import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { jsonClient } from './http-client.mjs';
import { AUTH, startMerchantStub, startSimulator, stop } from './lib.mjs';
import { completeOrders, sampleOrder } from './orders.mjs';
import { createRng } from '../tools/fuzz/rng.mjs';
import { judge } from './crash-judge.mjs';

const ORDERS = 50; // the slow merchant's run; the fast one has twenty times as many
const KILLS = 10;
const ATTEMPTS = 16;
const SEED = Number(process.env.CRASH_SEED ?? 17);
// Which of the two runs (`slow,fast`): CRASH_RUNS=fast repeats only the 1,000 orders' run.
const RUNS = (process.env.CRASH_RUNS ?? 'slow,fast').split(',');
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
      .prepare(
        'SELECT order_id, number, outcome, status, exchange_id, note FROM push_attempts ORDER BY order_id, number',
      )
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

/** What the merchant stub wrote down: per order id, how many pushes it received. */
function readReceipts(file) {
  const received = new Map();
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n')) {
    const [id, n] = line.split(' ');
    if (id) received.set(id, Math.max(received.get(id) ?? 0, Number(n)));
  }
  return received;
}

/** The push exchanges the log holds for `orderId`: id → the status and the stub's receipt number. */
async function loggedPushes(call, api, orderId) {
  const r = await call('GET', `${api}/test_helpers/exchanges?order_id=${orderId}&limit=10000`);
  const pushes = new Map();
  for (const e of r.body.exchanges) {
    if (e.kind !== 'push') continue;
    let receipt = null;
    try {
      receipt = JSON.parse(e.response.body).receipt ?? null;
    } catch {
      // no answer (a time-out, a refused connection): no receipt
    }
    pushes.set(e.id, { status: e.status, receipt });
  }
  return pushes;
}

/**
 * One kill run: `orders` completed orders, a merchant answering push 500 after `delayMs`, and KILLS
 * kills each `killMs` ([lo, hi]) into the advance that is running. Resolves with what it saw.
 */
async function killRun(rng, { orders, delayMs, killMs }) {
  const receiptsDir = mkdtempSync(join(tmpdir(), 'bench-crash-receipts-'));
  const receipts = join(receiptsDir, 'pushes.txt');
  const stub = await startMerchantStub({
    STUB_PUSH: 'fail',
    STUB_DELAY_MS: String(delayMs),
    STUB_RECEIPTS: receipts,
  });
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
    const { problems, outcomes, tally } = judge(ids, rows, logged, readReceipts(receipts), ATTEMPTS);
    if (kills.length < KILLS) problems.push(`only ${kills.length} kills landed inside the advance`);
    if (!integrity.every((i) => i === 'ok')) problems.push(`integrity_check: ${integrity.join(' / ')}`);
    const stored = Object.entries(outcomes)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    return {
      text:
        `${orders} orders, merchant ${delayMs} ms: killed at ${kills.map((h) => `${h.toFixed(1)} h`).join(', ')}; ` +
        `${rows.length} attempts (${stored}; ${tally.fromLog} answers read from the log at a restart, ` +
        `${tally.late} sent late after one); against the merchant's record: ${tally.mismatches} mismatches, ` +
        `${tally.duplicates} duplicates, ${tally.neverSent} never sent; ` +
        `${tally.markedNeverReceived} marked written, never received (the documented moment); ` +
        `integrity_check ${integrity.join(' / ')}`,
      problems,
    };
  } finally {
    close();
    await stop(sim.proc);
    await stop(stub.proc);
    rmSync(receiptsDir, { recursive: true, force: true });
  }
}

export async function crash() {
  const rng = createRng(SEED);
  const skipped = { text: '(not run)', problems: [] };
  // A slow merchant: each kill lands while 50 pushes wait for their answers.
  const inFlight = RUNS.includes('slow')
    ? await killRun(rng, { orders: ORDERS, delayMs: 400, killMs: [50, 700] })
    : skipped;
  // A fast merchant and more orders: kills land amid claims, answers and the writes of both files.
  const busy = RUNS.includes('fast')
    ? await killRun(rng, { orders: 20 * ORDERS, delayMs: 0, killMs: [10, 120] })
    : skipped;
  const problems = [
    ...inFlight.problems.map((p) => `slow merchant: ${p}`),
    ...busy.problems.map((p) => `fast merchant: ${p}`),
  ];
  return {
    name: `kill -9: ${KILLS} kills during a 48-hour advance of unacknowledged orders, twice (seed ${SEED})`,
    baseline: 'the merchant answers every push 500; restart on the same folder after each kill',
    measured: `${inFlight.text}\n  ${busy.text}`,
    ratio: null,
    target: `every order has attempts 1…${ATTEMPTS} once, none left sending, each logged; 0 mismatches, 0 duplicates, 0 never sent against what the merchant received; integrity ok on both files`,
    pass: problems.length === 0,
    note: problems.length === 0 ? 'no duplicate, no gap' : problems.slice(0, 10).join('\n  '),
  };
}
