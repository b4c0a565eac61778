import type { OpOutput } from '@shared/contract/control';
import { ExchangeListSchema } from '@shared/schemas/exchange.schema';
import { ScorecardSchema } from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import type { Core } from '../../core/create-core';
import { notFound } from '../../core/errors';
import type { Operation } from '../define-operation';
import { json } from '../json';
import { fail, ok } from '../openapi/responses';
import { TAGS } from './automation/route-table';

/*
 * The automation operations written by hand (sim-defined, on the provider API's base URL, same Basic
 * auth): their answers differ from the console operation's in ways automation/coverage.ts says, and the
 * coverage tables point at these declarations. Every other operation under `/test_helpers` is generated
 * from the control contract (automation/automation-operations.ts).
 */

/** An order's exchanges, oldest first (the console operation `exchanges.list` lists the newest first). */
export const EXCHANGES_OPERATION: Operation<Core> = {
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
  // Oldest first, `{exchanges}`: the order a script reads an order's story in.
  handle: async (c, core) => {
    const q = new URLSearchParams(c.req.search);
    const orderId = q.get('order_id') ?? undefined;
    const limit = Math.min(Math.max(Number(q.get('limit') ?? 1000) || 1000, 1), 10_000);
    return json(200, { exchanges: await core.exchanges.list({ orderId, limit, ascending: true }) });
  },
};

/** A conformance run's scorecard, or its download as a file. */
export const CONFORMANCE_READ_OPERATION: Operation<Core> = {
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
  handle: (c, core) => {
    const { conformance } = core.shipping;
    // `[^]`, not `.`: a run id is whatever the path held, line breaks included (%0A), and must match.
    const m = /^([^]*?)(?:\.(json|xml))?$/.exec(c.params.run!)!;
    const runId = m[1]!;
    if (!m[2]) {
      const card = conformance.get(runId);
      if (!card) throw notFound(`conformance run ${runId}`);
      return json(200, card);
    }
    const file = conformance.export(runId, m[2] as 'json' | 'xml');
    return {
      status: 200,
      headers: {
        'Content-Type': `${file.content_type}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      },
      body: file.body,
    };
  },
};

/** An order's journey as a scenario file (YAML), where the console operation answers `{file_name, yaml}`. */
export const SCENARIO_EXPORT_OPERATION: Operation<Core> = {
  method: 'GET',
  path: '/test_helpers/checkout/orders/:order_id/scenario',
  kind: 'test_helpers.scenarios.export',
  tag: TAGS.simulator,
  summary: 'An order’s (or an in-person session’s) journey, saved as a scenario file',
  simDefined: true,
  description:
    'the order as the merchant created it, the customer’s steps, the clock moves, faults and settings, and expectations read from what happened, as a YAML scenario file `checkout-sim run` accepts (the console operation `scenarios.export` answers `{file_name, yaml}`). For an in-person session’s id: its device, the body the merchant sent to `POST /ipp/v1/sessions`, each terminal action and cancel with the clock moves between them, and the session’s statuses. Credentials and customer tokens never appear in it.',
  responses: [
    { status: 200, description: 'The scenario file', schema: z.string(), mediaTypes: ['application/yaml'] },
    fail(404, 'NOT_FOUND: no such order'),
  ],
  handle: async (c, core) => {
    const orderId = c.params.order_id!;
    const file = (await core.control.invoke('scenarios.export', { orderId })) as OpOutput<'scenarios.export'>;
    return {
      status: 200,
      headers: {
        'Content-Type': 'application/yaml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.file_name}"`,
      },
      body: file.yaml,
    };
  },
};

export const TEST_HELPER_OPERATIONS: readonly Operation<Core>[] = [
  EXCHANGES_OPERATION,
  CONFORMANCE_READ_OPERATION,
  SCENARIO_EXPORT_OPERATION,
];
