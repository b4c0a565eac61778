import {
  IntegratorFaultsSchema,
  IntegratorInfoSchema,
  IntegratorSettingsPatchSchema,
} from '@shared/schemas/integrator-sim.schema';
import {
  AssistantSettingsPatchSchema,
  AssistantSettingsViewSchema,
  ConformanceInputSchema,
  ConformanceRunListSchema,
  PickupSearchInputSchema,
  PickupSearchResultSchema,
  ScorecardSchema,
  ShipmentTrackingSchema,
} from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import { checkoutApi } from './checkout-paths';
import type { OpDoc } from './op-types';
import { created, fail, LOCATION, ok } from './responses';

const FAKE_TAG = 'Automation: fake integrator';
const ASSISTANT_TAG = 'Automation: shipping assistant';
const SETTINGS = '/test_helpers/settings/shipping_assistant';
const CONFORMANCE = '/test_helpers/integrator/conformance';

/** Every operation here is the simulator's own: the spec has no console and no automation. */
const sim = (op: Omit<OpDoc, 'simDefined'>): OpDoc => ({ ...op, simDefined: true });

const fakeOps: OpDoc[] = [
  sim({
    method: 'GET',
    path: '/test_helpers/integrator/faults',
    kind: 'test_helpers.integrator.faults.read',
    tag: FAKE_TAG,
    summary: 'The fake integrator’s fault switches',
    description: 'per endpoint: latency, time-out, 5xx, malformed JSON, missing fields and more.',
    responses: [ok(IntegratorFaultsSchema)],
  }),
  sim({
    method: 'PUT',
    path: '/test_helpers/integrator/faults',
    kind: 'test_helpers.integrator.faults.update',
    tag: FAKE_TAG,
    summary: 'Replace the whole fault set',
    description: 'endpoints and switches left out are switched off.',
    body: { schema: IntegratorFaultsSchema },
    responses: [ok(IntegratorFaultsSchema)],
  }),
  sim({
    method: 'GET',
    path: '/test_helpers/integrator/settings',
    kind: 'test_helpers.integrator.settings.read',
    tag: FAKE_TAG,
    summary: 'The fake integrator’s credentials and settings',
    description: 'the identifier and key a shipping assistant authenticates with.',
    responses: [ok(IntegratorInfoSchema)],
  }),
  sim({
    method: 'PUT',
    path: '/test_helpers/integrator/settings',
    kind: 'test_helpers.integrator.settings.update',
    tag: FAKE_TAG,
    summary: 'Set the token lifetime and the tracking delay',
    description: 'a partial update; the credentials are generated, never set.',
    body: { schema: IntegratorSettingsPatchSchema },
    responses: [ok(IntegratorInfoSchema)],
  }),
];

const assistantOps: OpDoc[] = [
  sim({
    method: 'GET',
    path: SETTINGS,
    kind: 'test_helpers.shipping.settings.read',
    tag: ASSISTANT_TAG,
    summary: 'The shipping assistant’s settings',
    description: 'the integrator it calls, its time-out (10 s by default) and tracking poll interval.',
    responses: [ok(AssistantSettingsViewSchema)],
  }),
  sim({
    method: 'PUT',
    path: SETTINGS,
    kind: 'test_helpers.shipping.settings.update',
    tag: ASSISTANT_TAG,
    summary: 'Change the shipping assistant’s settings',
    description: 'a partial update; unknown keys are refused.',
    body: { schema: AssistantSettingsPatchSchema },
    responses: [ok(AssistantSettingsViewSchema)],
  }),
  sim({
    method: 'POST',
    path: `${SETTINGS}/built_in`,
    kind: 'test_helpers.shipping.settings.built_in',
    tag: ASSISTANT_TAG,
    summary: 'Turn the shipping assistant on against the built-in fake integrator',
    description: 'the console’s one switch.',
    responses: [ok(AssistantSettingsViewSchema), fail(409, 'INTEGRATOR_NOT_LISTENING')],
  }),
  sim({
    method: 'POST',
    path: '/test_helpers/checkout/orders/:order_id/pickup_search',
    kind: 'test_helpers.pickup_search',
    tag: ASSISTANT_TAG,
    summary: 'Search pickup locations by another postal code',
    description: 'asks the integrator with the country and postal code only; only the locations are taken.',
    body: { schema: PickupSearchInputSchema },
    responses: [
      ok(PickupSearchResultSchema),
      fail(404, 'NOT_FOUND: no such order'),
      fail(409, 'PICKUP_SEARCH_UNAVAILABLE'),
    ],
  }),
  sim({
    method: 'GET',
    path: '/test_helpers/checkout/orders/:order_id/shipment',
    kind: 'test_helpers.shipment.read',
    tag: ASSISTANT_TAG,
    summary: 'A purchase’s shipment and its tracking',
    description: 'as polled with GET /shipment/{id} after the purchase.',
    responses: [ok(ShipmentTrackingSchema), fail(404, 'NOT_FOUND: the order has no shipment')],
  }),
  sim({
    method: 'POST',
    path: CONFORMANCE,
    kind: 'test_helpers.conformance.run',
    tag: ASSISTANT_TAG,
    summary: 'Test an integrator against the spec (conformance run)',
    description: 'calls the integrator as the shipping assistant would and scores each rule.',
    body: { schema: ConformanceInputSchema },
    responses: [created(ScorecardSchema, 'The scorecard', LOCATION)],
  }),
  sim({
    method: 'GET',
    path: CONFORMANCE,
    kind: 'test_helpers.conformance.list',
    tag: ASSISTANT_TAG,
    summary: 'Earlier conformance runs',
    description: 'newest first.',
    query: [
      {
        name: 'limit',
        description: 'How many (default 50)',
        schema: { type: 'integer', minimum: 1, maximum: 1000 },
      },
    ],
    responses: [ok(ConformanceRunListSchema)],
  }),
  sim({
    method: 'GET',
    path: `${CONFORMANCE}/:run`,
    kind: 'test_helpers.conformance.read',
    tag: ASSISTANT_TAG,
    summary: 'A conformance run’s scorecard, or its download',
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
  }),
];

/** Automation of the fake integrator and the shipping assistant (sim-defined). */
export const AUTOMATION_SHIPPING_API = checkoutApi([...fakeOps, ...assistantOps]);
