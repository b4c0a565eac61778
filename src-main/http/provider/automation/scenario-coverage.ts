import type { scenarioOps } from '@shared/contract/scenario-ops';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';
import { SCENARIO_EXPORT_OPERATION } from '../test-helper-operations';

/** The console's Scenarios page: one scenario file's text run against this simulator. */
export const SCENARIO_COVERAGE: CoverageOf<typeof scenarioOps> = {
  'scenarios.run': {
    method: 'POST',
    path: '/test_helpers/scenarios/run',
    kind: 'test_helpers.scenarios.run',
    tag: TAGS.simulator,
    summary: 'Run a scenario file against this simulator',
    description:
      '`{"text": "<the file’s YAML or JSON>", "filename"?, "merchant_url"?}`: the scenario runs on its own order, with the clock manual while it runs (its mode and speed are given back after), and the answer is the report `checkout-sim run --reporter json=FILE` writes: each expectation met or not, with what was expected and seen, the order’s exchanges and its push timeline. The merchant is the sample shop unless `merchant_url` says otherwise. `checkout-sim run --api URL` runs files from a script.',
  },
  'scenarios.export': {
    own: SCENARIO_EXPORT_OPERATION,
    differs:
      'answers the file itself (`application/yaml`, its name in Content-Disposition) instead of `{file_name, yaml}`: what a script saves with `curl -o`. An in-person session’s id saves the session (its device, the body the merchant sent, the terminal actions); 404 for an unknown id.',
  },
};
