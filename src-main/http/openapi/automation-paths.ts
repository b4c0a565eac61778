import { ExchangeListSchema } from '@shared/schemas/exchange.schema';
import { ScorecardSchema } from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import { TAGS } from '../provider/automation/route-table';
import { SCENARIO_EXPORT_PATH } from '../provider/automation/scenario-coverage';
import { checkoutApi } from './checkout-paths';
import { generatedOps } from './generated-paths';
import type { OpDoc } from './op-types';
import { fail, ok } from './responses';

/** The automation routes written by hand (their answers differ from the console operation's: coverage.ts). */
const ownOps: OpDoc[] = [
  {
    method: 'GET',
    path: '/test_helpers/exchanges',
    kind: 'test_helpers.exchanges',
    tag: TAGS.steps,
    summary: 'Every recorded exchange of an order, oldest first',
    simDefined: true,
    description:
      'reads the exchange log: merchant calls in, callbacks out (the console operation `exchanges.list` lists the newest first, as an array).',
    query: [
      {
        name: 'order_id',
        description:
          'The order, or the in-person session (its id is the order it becomes); all exchanges when absent',
      },
      {
        name: 'limit',
        description: 'How many to list (default 1000, at most 10000)',
        schema: { type: 'integer', minimum: 1, maximum: 10_000 },
      },
    ],
    responses: [ok(ExchangeListSchema)],
  },
  {
    method: 'GET',
    path: '/test_helpers/integrator/conformance/:run',
    kind: 'test_helpers.conformance.read',
    tag: TAGS.assistant,
    summary: 'A conformance run’s scorecard, or its download',
    simDefined: true,
    description:
      '`{run}` is a run id: the scorecard; `{run_id}.json` or `{run_id}.xml` download it as a file (JUnit XML for CI).',
    responses: [
      {
        status: 200,
        description: 'The scorecard (JSON), or the file (XML or JSON attachment)',
        schema: ScorecardSchema,
        mediaTypes: ['application/json'],
      },
      { status: 200, description: 'JUnit XML', schema: z.string(), mediaTypes: ['application/xml'] },
      fail(404, 'NOT_FOUND: no such run'),
    ],
  },
  {
    method: 'GET',
    path: SCENARIO_EXPORT_PATH,
    kind: 'test_helpers.scenarios.export',
    tag: TAGS.simulator,
    summary: 'An order’s journey, saved as a scenario file',
    simDefined: true,
    description:
      'the order as the merchant created it, the customer’s steps, the clock moves, faults and settings, and expectations read from what happened, as a YAML scenario file `checkout-sim run` accepts (the console operation `scenarios.export` answers `{file_name, yaml}`). Credentials and customer tokens never appear in it.',
    responses: [
      { status: 200, description: 'The scenario file', schema: z.string(), mediaTypes: ['application/yaml'] },
      fail(404, 'NOT_FOUND: no such order'),
      fail(409, 'NOT_EXPORTABLE: an in-person session (scenario files have no in-person steps)'),
    ],
  },
];

/**
 * The automation API (sim-defined): every route generated from the control contract (the console's
 * operations, generated-paths.ts) and the ones written by hand.
 */
export const AUTOMATION_API = checkoutApi([...generatedOps(), ...ownOps]);
