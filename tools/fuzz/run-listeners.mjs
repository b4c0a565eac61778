// The fuzz of the listeners without an OpenAPI document (listener-routes.mjs): the embedded checkout, the
// sample shop and the console's control API, each sent `perApi` requests from its route table, broken in
// one way each (listener-requests.mjs), and judged by the same checks as the six APIs (checks.mjs).
import { buildListenerRequest } from './listener-requests.mjs';
import { listenersOf } from './listener-routes.mjs';
import { createStats, evaluate } from './checks.mjs';

const ROUND = 250; // requests between fresh fixtures

/** Fuzzes each listener named in `only` (all when empty); resolves with [{name, stats}]. */
export async function fuzzListeners(sim, env, { perApi, concurrency, only, limitMs, log, rngFor, sendAll }) {
  const results = [];
  const listeners = listenersOf({ ...env, urls: sim });
  for (const l of listeners) {
    if (only.length > 0 && !only.includes(l.name)) continue;
    const rng = rngFor(l.name);
    const stats = createStats(l.name, l.routes.length);
    const started = performance.now();
    let fixtures = {};
    for (let sent = 0; sent < perApi; sent += ROUND) {
      try {
        fixtures = { ...l.extraFixtures, ...(await l.fixtures(env)) };
      } catch (err) {
        stats.fixtureFailures.push(String(err.message).slice(0, 300));
      }
      const batch = Array.from({ length: Math.min(ROUND, perApi - sent) }, () =>
        buildListenerRequest(l, rng.pick(l.routes), fixtures, rng),
      );
      await sendAll(env.client, batch, concurrency, limitMs, (req, res) =>
        evaluate(stats, l.shape, req, res),
      );
      if (sim.proc.exitCode !== null || sim.proc.signalCode !== null) break;
    }
    stats.seconds = (performance.now() - started) / 1000;
    results.push({ name: l.name, stats });
    log(
      `${l.name}: ${stats.requests} requests in ${stats.seconds.toFixed(1)} s, ${stats.fiveXX.n} 5xx, ${stats.hangs.n} hangs`,
    );
  }
  return results;
}
