import { z } from 'zod';
import { OrderIdInput } from './op-inputs';
import { ScenarioReportSchema } from '../schemas/scenario-report.schema';

/**
 * Scenario files (sim-defined): run one against this simulator, as `checkout-sim run --api` does, or save
 * an order's journey as one.
 */
export const scenarioOps = {
  /**
   * Runs a scenario file's text (YAML or JSON) on its own order, with the clock manual for its length, and
   * answers the report; a file that does not read is a failed scenario whose error says why.
   */
  'scenarios.run': {
    input: z.object({
      text: z.string().min(1, 'must not be empty').max(1_000_000),
      /** The file's name, as the report shows it. */
      filename: z.string().min(1).max(300).optional(),
      /** The merchant's server; default: the sample shop beside the simulator. */
      merchant_url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    }),
    output: ScenarioReportSchema,
  },
  /**
   * Saves an order's journey as a scenario file (YAML): the order as the merchant created it, the
   * customer's steps, the clock moves, faults and settings, and expectations read from what happened.
   * An in-person session's id saves the session (its device, the body the merchant sent, the terminal
   * actions and cancel, the clock moves). An unknown id is not_found.
   */
  'scenarios.export': {
    input: OrderIdInput,
    output: z.object({
      /** A name to save it under: `journey-<first 8 characters of the order id>.yaml` (`session-…` for a session). */
      file_name: z.string(),
      yaml: z.string(),
    }),
  },
} as const;
