import type { scenarioOps } from '@shared/contract/scenario-ops';
import { runScenarios } from '../scenario-runner/run-scenarios';
import type { SimTarget } from '../scenario-runner/sim-api';
import type { Handlers } from './control';
import type { RuntimeInfo } from './runtime-info';
import { SimFailure } from './errors';
import { saveJourney, type JourneySource } from './journey/journey-export';

/**
 * The console's scenario runs: the same runner as `checkout-sim run`, pointed at this simulator's own
 * provider API (its URLs, empty in a core without listeners) with its credentials, the sample shop as the
 * default merchant.
 */
export function scenarioHandlers(
  target: {
    urls: RuntimeInfo['urls'];
    credentials: { username: string; password: string };
    fetch?: SimTarget['fetch'];
  },
  journeys: JourneySource,
): Pick<Handlers, keyof typeof scenarioOps> {
  return {
    // An order's journey as a scenario file, read from this simulator's own records.
    'scenarios.export': (i) => saveJourney(journeys, i.orderId),
    'scenarios.run': async (i) => {
      const { urls, credentials } = target;
      if (!urls.api)
        throw new SimFailure('conflict', 'NOT_LISTENING', 'the simulator’s API is not listening yet');
      const merchantUrl = i.merchant_url ?? urls.shop;
      if (!merchantUrl) {
        throw new SimFailure(
          'invalid',
          'BAD_VALUE',
          'merchant_url: is required when the sample shop is not running',
          [{ path: 'merchant_url', message: 'is required when the sample shop is not running' }],
        );
      }
      return runScenarios([{ file: i.filename ?? 'scenario', text: i.text }], {
        api: urls.api,
        credentials,
        merchantUrl: merchantUrl.replace(/\/+$/, ''),
        // A merchant given with the run overrides the file's own merchant_url, as --merchant-url does.
        merchantOverride: i.merchant_url !== undefined,
        consoleUrl: urls.console || null,
        ...(target.fetch ? { fetch: target.fetch } : {}),
        // The console's clock is the demo's: a run leaves it where it was (a test clock of the run's own).
        ownClock: true,
      });
    },
  };
}
