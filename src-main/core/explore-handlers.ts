import type { exploreOps } from '@shared/contract/explore-ops';
import type { ExploreStart } from '@shared/schemas/explore.schema';
import type { SimTarget } from '../scenario-runner/sim-api';
import type { Handlers } from './control';
import { SimFailure } from './errors';
import { startExploreRun, type ExploreRun } from './explore-runs';
import type { RuntimeInfo } from './runtime-info';

/** Runs kept for `explore.status` after they end (the newest), so a page reloaded later still reads them. */
const KEPT = 10;
/** The console's default: two journeys at once on these 2-core machines leaves the simulator responsive. */
const DEFAULT_PARALLEL = 2;

/** This simulator's own API, its credentials and the sample shop. */
interface Target {
  urls: RuntimeInfo['urls'];
  credentials: { username: string; password: string };
  fetch?: SimTarget['fetch'];
}

/** Starts a run unless one is running; keeps it (and the last few) for explore.status. */
function startRun(target: Target, runs: ExploreRun[], i: ExploreStart): ExploreRun {
  const { urls, credentials } = target;
  if (!urls.api)
    throw new SimFailure('conflict', 'NOT_LISTENING', 'the simulator’s API is not listening yet');
  const running = runs.find((r) => r.status().state === 'running');
  if (running)
    throw new SimFailure(
      'conflict',
      'EXPLORE_RUNNING',
      `explore run ${running.id} is still running: stop it (explore.stop) or wait for it to end; one run at a time per simulator`,
    );
  const merchantUrl = i.merchant_url ?? urls.shop;
  if (!merchantUrl)
    throw new SimFailure(
      'invalid',
      'BAD_VALUE',
      'merchant_url: is required when the sample shop is not running',
      [{ path: 'merchant_url', message: 'is required when the sample shop is not running' }],
    );
  const run = startExploreRun({
    api: urls.api,
    credentials,
    ...(target.fetch ? { fetch: target.fetch } : {}),
    merchantUrl: merchantUrl.replace(/\/+$/, ''),
    config: i.config ?? {},
    runs: i.runs,
    timeLimitMs: i.time_limit_ms,
    seed: i.seed ?? (Math.random() * 2 ** 31) | 0,
    parallel: i.parallel ?? DEFAULT_PARALLEL,
  });
  // Its failure is its status (state failed, error); nobody awaits it here.
  run.done.catch(() => undefined);
  runs.push(run);
  if (runs.length > KEPT) runs.splice(0, runs.length - KEPT);
  return run;
}

/**
 * The console's explore runs (and `/test_helpers/explore`'s): the same run as `checkout-sim explore
 * --api`, through this simulator's own provider API with its credentials, the sample shop as the default
 * merchant. One run at a time: explore sets the config's settings for the whole run, which a second run
 * side by side would undo.
 */
export function exploreHandlers(target: Target): Pick<Handlers, keyof typeof exploreOps> {
  const runs: ExploreRun[] = [];
  const find = (id: string | undefined) => (id === undefined ? runs.at(-1) : runs.find((r) => r.id === id));

  return {
    'explore.start': (i) => startRun(target, runs, i).status(),
    'explore.status': (i) => find(i.run_id)?.status() ?? null,
    'explore.stop': (i) => {
      const run = find(i.run_id);
      run?.stop();
      return run?.status() ?? null;
    },
  };
}
