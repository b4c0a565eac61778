import type { integratorOps } from '@shared/contract/integrator-ops';
import type { shippingOps } from '@shared/contract/shipping-ops';
import { IntegratorFaultsSchema, IntegratorSettingsPatchSchema } from '@shared/schemas/integrator-sim.schema';
import {
  AssistantSettingsPatchSchema,
  ConformanceInputSchema,
  PickupSearchInputSchema,
} from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import { fail, LOCATION } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';
import { CONFORMANCE_READ_OPERATION } from '../test-helper-operations';

const SETTINGS = '/test_helpers/settings/shipping_assistant';
const CONFORMANCE = '/test_helpers/integrator/conformance';

/** The console's shipping assistant settings, pickup search, tracking and conformance runs. */
export const SHIPPING_COVERAGE: CoverageOf<typeof shippingOps> = {
  'shipping.settings.get': {
    method: 'GET',
    path: SETTINGS,
    kind: 'test_helpers.shipping.settings.read',
    tag: TAGS.assistant,
    summary: 'The shipping assistant’s settings',
    description: 'the integrator it calls, its time-out (10 s by default) and tracking poll interval.',
  },
  'shipping.settings.update': {
    method: 'PUT',
    path: SETTINGS,
    kind: 'test_helpers.shipping.settings.update',
    body: 'whole',
    tag: TAGS.assistant,
    summary: 'Change the shipping assistant’s settings',
    description: 'a partial update; unknown keys are refused.',
    bodySchema: AssistantSettingsPatchSchema,
  },
  'shipping.settings.useBuiltIn': {
    method: 'POST',
    path: `${SETTINGS}/built_in`,
    kind: 'test_helpers.shipping.settings.built_in',
    body: 'none',
    tag: TAGS.assistant,
    summary: 'Turn the shipping assistant on against the built-in fake integrator',
    description: 'the console’s one switch.',
    errors: [fail(409, 'INTEGRATOR_NOT_LISTENING')],
  },
  'shipping.pickupSearch': {
    method: 'POST',
    path: '/test_helpers/checkout/orders/:order_id/pickup_search',
    kind: 'test_helpers.pickup_search',
    tag: TAGS.assistant,
    summary: 'Search pickup locations by another postal code',
    description: 'asks the integrator with the country and postal code only; only the locations are taken.',
    bodySchema: PickupSearchInputSchema,
    errors: [fail(404, 'NOT_FOUND: no such order'), fail(409, 'PICKUP_SEARCH_UNAVAILABLE')],
  },
  'shipping.tracking.get': {
    method: 'GET',
    path: '/test_helpers/checkout/orders/:order_id/shipment',
    kind: 'test_helpers.shipment.read',
    tag: TAGS.assistant,
    summary: 'A purchase’s shipment and its tracking',
    description: 'as polled with GET /shipment/{id} after the purchase.',
    notFound: { what: 'a shipment of order' },
  },
  'shipping.conformance.run': {
    method: 'POST',
    path: CONFORMANCE,
    kind: 'test_helpers.conformance.run',
    body: 'whole',
    status: 201,
    headers: (card) => ({ Location: `${CONFORMANCE}/${card.run_id}` }),
    outcome: (card) => `passed:${card.passed} failed:${card.failed} skipped:${card.skipped}`,
    tag: TAGS.assistant,
    summary: 'Test an integrator against the spec (conformance run)',
    description: 'calls the integrator as the shipping assistant would and scores each rule.',
    bodySchema: ConformanceInputSchema,
    answer: 'The scorecard',
    answerHeaders: LOCATION,
  },
  'shipping.conformance.list': {
    method: 'GET',
    path: CONFORMANCE,
    kind: 'test_helpers.conformance.list',
    tag: TAGS.assistant,
    summary: 'Earlier conformance runs',
    description: 'newest first.',
  },
  'shipping.conformance.get': {
    own: CONFORMANCE_READ_OPERATION,
    differs:
      'the same scorecard (404 for an unknown run); the route also serves the downloads, `{run_id}.json` and `{run_id}.xml`.',
  },
  'shipping.conformance.export': {
    own: CONFORMANCE_READ_OPERATION,
    differs:
      '`GET …/conformance/{run_id}.xml` (or `.json`) answers the file itself, with its content type and its filename in Content-Disposition, instead of `{filename, content_type, body}`: what a CI job saves.',
  },
};

/** The console's fake integrator card: its settings and fault switches. */
export const INTEGRATOR_COVERAGE: CoverageOf<typeof integratorOps> = {
  'integrator.info': {
    method: 'GET',
    path: '/test_helpers/integrator/settings',
    kind: 'test_helpers.integrator.settings.read',
    tag: TAGS.fake,
    summary: 'The fake integrator’s credentials and settings',
    description: 'the identifier and key a shipping assistant authenticates with.',
  },
  'integrator.settings.update': {
    method: 'PUT',
    path: '/test_helpers/integrator/settings',
    kind: 'test_helpers.integrator.settings.update',
    body: 'whole',
    tag: TAGS.fake,
    summary: 'Set the token lifetime and the tracking delay',
    description: 'a partial update; the credentials are generated, never set.',
    bodySchema: IntegratorSettingsPatchSchema,
  },
  'integrator.faults.get': {
    method: 'GET',
    path: '/test_helpers/integrator/faults',
    kind: 'test_helpers.integrator.faults.read',
    tag: TAGS.fake,
    summary: 'The fake integrator’s fault switches',
    description: 'per endpoint: latency, time-out, 5xx, malformed JSON, missing fields and more.',
  },
  'integrator.faults.set': {
    method: 'PUT',
    path: '/test_helpers/integrator/faults',
    kind: 'test_helpers.integrator.faults.update',
    body: 'whole',
    tag: TAGS.fake,
    summary: 'Replace the whole fault set',
    description: 'endpoints and switches left out are switched off.',
    bodySchema: IntegratorFaultsSchema,
  },
  'integrator.faults.update': {
    method: 'PATCH',
    path: '/test_helpers/integrator/faults/:endpoint',
    kind: 'test_helpers.integrator.faults.patch',
    body: { as: 'patch' },
    tag: TAGS.fake,
    summary: 'Change some switches of one endpoint',
    description: 'the switches given change; the rest of the set stays as it is.',
    bodySchema: z
      .record(z.string(), z.unknown())
      .describe('Switches of the endpoint, as in the fault set (`latency_ms`, `status_5xx`, …)'),
    errors: [fail(400, 'BAD_VALUE: an unknown endpoint or switch')],
  },
};
