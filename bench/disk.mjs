// Figure: the exchange log's size cap under a soak. The soak's purchases (soak.mjs: create, country,
// address, option, pay, a merchant stub answering every callback) by DISK_CUSTOMERS customers (default
// 50), alternately on a simulator with the default cap (1 GiB, never reached here) and on one whose cap
// is DISK_CAP_MB (default 16) set through PUT /test_helpers/settings, DISK_SECONDS (default 60) each, in
// four rounds of a quarter of that, each simulator first in two. Measured: purchases per second of each
// (the capped run's over the uncapped one's is the ratio), and exchanges.db's size sampled every 250 ms
// once it first reached 90 % of the cap (its write-ahead log beside it). Targets: the file within the
// cap ± 10 % from then on, and the capped throughput ≥ 0.9× the uncapped.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { jsonClient } from './http-client.mjs';
import { AUTH, startMerchantStub, startSimulator, stop } from './lib.mjs';
import { purchase, purchaseTemplate } from './soak.mjs';

const CUSTOMERS = Number(process.env.DISK_CUSTOMERS ?? 50);
const SECONDS = Number(process.env.DISK_SECONDS ?? 60);
const CAP = Number(process.env.DISK_CAP_MB ?? 16) * 1024 * 1024;
const MB = 1024 * 1024;

const sizeOf = (file) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** Purchases for `seconds` on `sim`; with `cap`, the log file's sizes from when it first reached 90 % of it. */
async function run(sim, stubUrl, seconds, cap) {
  const { call, close } = jsonClient({ authorization: AUTH, maxSockets: CUSTOMERS });
  const template = purchaseTemplate(stubUrl);
  const file = join(sim.dataDir, 'exchanges.db');
  const sizes = [];
  const wal = [];
  let reached = false;
  const sampler = setInterval(() => {
    const size = sizeOf(file);
    reached ||= cap !== undefined && size >= cap * 0.9;
    if (reached) sizes.push(size);
    wal.push(sizeOf(`${file}-wal`));
  }, 250);
  const errors = [];
  let purchases = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const customer = async () => {
    while (performance.now() < deadline) {
      const err = await purchase(call, sim.api, template).catch((e) => `network: ${e.message}`);
      if (err) errors.push(err);
      else purchases++;
    }
  };
  try {
    await Promise.all(Array.from({ length: CUSTOMERS }, customer));
  } finally {
    clearInterval(sampler);
    close();
  }
  const wallS = (performance.now() - started) / 1000;
  return { rate: purchases / wallS, purchases, errors, sizes, wal, final: sizeOf(file) };
}

export async function disk() {
  const plain = await startSimulator();
  const capped = await startSimulator();
  const stubs = await Promise.all(
    [plain, capped].map((sim) => startMerchantStub({ STUB_API: sim.api, STUB_AUTH: AUTH })),
  );
  try {
    const set = await fetch(`${capped.api}/test_helpers/settings`, {
      method: 'PUT',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ log_max_bytes: CAP }),
    });
    if (set.status !== 200) throw new Error(`setting the cap: ${set.status} ${await set.text()}`);
    const rounds = { plain: [], capped: [] };
    // Four rounds, each simulator first in two of them: the machine's noise falls on both alike.
    for (let i = 0; i < 4; i++) {
      const one = () => run(plain, stubs[0].url, SECONDS / 4);
      const other = () => run(capped, stubs[1].url, SECONDS / 4, CAP);
      const [first, second] = i % 2 === 0 ? [one, other] : [other, one];
      const a = await first();
      const b = await second();
      rounds.plain.push(i % 2 === 0 ? a : b);
      rounds.capped.push(i % 2 === 0 ? b : a);
    }
    const rate = (rs) => rs.reduce((a, r) => a + r.rate, 0) / rs.length;
    const ratio = rate(rounds.capped) / rate(rounds.plain);
    const sizes = rounds.capped.flatMap((r) => r.sizes);
    const wal = Math.max(...rounds.capped.flatMap((r) => r.wal));
    const status = await fetch(`${capped.api}/test_helpers/exchanges/status`, {
      headers: { authorization: AUTH },
    }).then((r) => r.json());
    const errors = [...rounds.plain, ...rounds.capped].flatMap((r) => r.errors);
    const low = Math.min(...sizes);
    const high = Math.max(...sizes);
    const within = sizes.length > 0 && low >= CAP * 0.9 && high <= CAP * 1.1;
    const purchases = (rs) => rs.reduce((a, r) => a + r.purchases, 0).toLocaleString('en');
    return {
      name: `disk: the log capped at ${CAP / MB} MB under a soak of ${CUSTOMERS} customers, ${SECONDS} s a simulator`,
      baseline: `the same soak with the default cap (1 GiB, not reached): ${purchases(rounds.plain)} purchases, ${rate(rounds.plain).toFixed(1)}/s; log ${(rounds.plain.at(-1).final / MB).toFixed(1)} MB`,
      measured: `${purchases(rounds.capped)} purchases, ${rate(rounds.capped).toFixed(1)}/s; exchanges.db ${(low / MB).toFixed(2)}–${(high / MB).toFixed(2)} MB in ${sizes.length} samples once it reached 90 % of the cap (${((low / CAP - 1) * 100).toFixed(1)} % to +${((high / CAP - 1) * 100).toFixed(1)} %), write-ahead log at most ${(wal / MB).toFixed(2)} MB; ${status.pruned.toLocaleString('en')} exchanges pruned, ${status.dropped} dropped; ${errors.length} errors`,
      ratio,
      target: 'file within the cap ± 10 %, ≥ 0.9× the uncapped throughput, 0 errors',
      pass: within && ratio >= 0.9 && errors.length === 0,
      note: errors.length > 0 ? `first errors: ${errors.slice(0, 5).join('; ')}` : '',
    };
  } finally {
    await Promise.all([plain, capped, ...stubs].map((p) => stop(p.proc)));
  }
}
