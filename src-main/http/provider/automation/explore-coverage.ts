import type { exploreOps } from '@shared/contract/explore-ops';
import { fail } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';

const RUNS = '/test_helpers/explore';
const RUN = `${RUNS}/:run_id`;
const NO_RUN = { what: 'explore run', code: 'NO_SUCH_EXPLORE_RUN' };

/** The console's Explore page: generated journeys against a merchant, the same run as `checkout-sim explore`. */
export const EXPLORE_COVERAGE: CoverageOf<typeof exploreOps> = {
  'explore.start': {
    method: 'POST',
    path: RUNS,
    kind: 'test_helpers.explore.start',
    tag: TAGS.simulator,
    status: 201,
    headers: (s) => ({ Location: `${RUNS}/${s.run_id}` }),
    answerHeaders: { Location: 'The run’s status: `GET /test_helpers/explore/{run_id}`' },
    summary: 'Start an explore run against a merchant',
    description:
      '`{"merchant_url"?, "runs"?, "time_limit_ms"?, "seed"?, "parallel"?, "config"?}`: generated journeys of the scenario language’s steps and merchant faults, each on its own order and test clock, checked against the invariants, each failure shrunk to the shortest scenario file that still shows it, as `checkout-sim explore` does (`config` is its config file as JSON). The merchant is the sample shop unless `merchant_url` says otherwise. Answers the run’s status (state `running`); one run at a time per simulator (409 `EXPLORE_RUNNING` while one runs).',
    errors: [fail(409, 'EXPLORE_RUNNING: a run is still running; NOT_LISTENING')],
  },
  'explore.status': {
    method: 'GET',
    path: RUN,
    kind: 'test_helpers.explore.read',
    tag: TAGS.simulator,
    summary: 'An explore run’s progress and findings',
    description:
      'its state (`running`, `done`, `stopped`, `failed`), runs done, findings so far and time left; each finding with its sentence, the invariant, the shrunk scenario file (YAML, what `checkout-sim run` replays) and the order ids of its shrunk replay.',
    notFound: NO_RUN,
  },
  'explore.stop': {
    method: 'POST',
    path: `${RUN}/stop`,
    kind: 'test_helpers.explore.stop',
    tag: TAGS.simulator,
    optionalBody: true,
    summary: 'Stop an explore run',
    description:
      'no new journey starts; those under way (and their shrinking) finish, then the state is `stopped`. Answers the status as it is now; the findings so far stay.',
    notFound: NO_RUN,
  },
};
