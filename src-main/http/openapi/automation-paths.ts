import { ExchangeListSchema } from '@shared/schemas/exchange.schema';
import { ScorecardSchema } from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import { TAGS } from '../provider/automation/route-table';
import { checkoutApi } from './apis';
import { generatedOps } from './generated-paths';
import type { OpDoc } from './op-types';
import { fail, ok } from './responses';

/** The two automation routes written by hand (their answers differ from the console operation's: coverage.ts). */
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
];

/**
 * The automation API (sim-defined): every route generated from the control contract (the console's
 * operations, generated-paths.ts) and the two written by hand.
 */
export const AUTOMATION_API = checkoutApi([...generatedOps(), ...ownOps]);
