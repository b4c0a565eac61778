import {
  AuthRequestSchema,
  AuthResponseSchema,
  FailureBodySchema,
  INTEGRATOR_MEDIA_TYPES,
  ShipmentRequestSchema,
  ShipmentResponseSchema,
  ShippingOptionsRequestSchema,
  ShippingOptionsResponseSchema,
} from '@shared/schemas/integrator.schema';
import type { z } from 'zod';
import type { ApiDoc, OpDoc, ResponseDoc } from './op-types';
import { created, fail, ok } from './responses';

const TAG = 'Shipping integrator';
const LOCATION = {
  Location: '`{base_url}/shipment/{shipment_id}` (left out while the missing_location fault is on)',
};
const bearer = fail(401, '`missing_token`, `invalid_token` or `token_expired`: get a token from POST /auth');

/** The answers a switched-on fault gives instead (the fake integrator's faults are the simulator's own). */
const FAULTS: ResponseDoc = {
  ...fail(
    '5XX',
    'a fault is switched on: `status_5xx`, or 504 `simulated_timeout` / `client_gone` under the `timeout` fault',
  ),
  simDefined: true,
};

/** The endpoint's vendor media type; the fake integrator also accepts application/json (GAPS.md). */
const body = (schema: z.ZodType, type: string) => ({ schema, mediaTypes: [type, 'application/json'] });

const ops: OpDoc[] = [
  {
    method: 'POST',
    path: '/auth',
    kind: 'integrator.auth',
    tag: TAG,
    summary: 'Get a bearer token',
    description:
      '`secret.digest` is the hexadecimal SHA-256 of nonce + key, compared case-insensitively. Tokens live 1 hour by default.',
    public: true,
    body: body(AuthRequestSchema, INTEGRATOR_MEDIA_TYPES.auth),
    responses: [
      created(AuthResponseSchema, 'The token'),
      { status: 401, description: 'Wrong credentials: no body' },
      FAULTS,
    ],
  },
  {
    method: 'POST',
    path: '/shippingoptions',
    kind: 'integrator.shippingoptions',
    tag: TAG,
    summary: 'Shipping options for a recipient and an order',
    description: 'A country-only recipient gets `preview: true` options; a full address gets valid ones.',
    body: body(ShippingOptionsRequestSchema, INTEGRATOR_MEDIA_TYPES.options),
    responses: [ok(ShippingOptionsResponseSchema), bearer, FAULTS],
  },
  {
    method: 'POST',
    path: '/shipment',
    kind: 'integrator.shipment_create',
    tag: TAG,
    summary: 'Create a shipment for the selected option',
    body: body(ShipmentRequestSchema, INTEGRATOR_MEDIA_TYPES.shipment),
    responses: [
      created(ShipmentResponseSchema, 'The shipment', LOCATION),
      fail(400, '`shipping_option_not_available`, `invalid_selection` or `invalid_request`'),
      bearer,
      FAULTS,
    ],
  },
  {
    method: 'PUT',
    path: '/shipment/:shipment_id',
    kind: 'integrator.shipment_update',
    tag: TAG,
    summary: 'Update a shipment (the customer paid again after a change)',
    description: 'Any 4xx restarts the checkout’s shipping selection and its `failure_reason` is shown.',
    body: body(ShipmentRequestSchema, INTEGRATOR_MEDIA_TYPES.shipment),
    responses: [
      { ...ok(ShipmentResponseSchema), headers: LOCATION },
      fail(400, '`shipping_option_not_available`, `invalid_selection` or `invalid_request`'),
      bearer,
      fail(404, '`shipment_not_found`'),
      FAULTS,
    ],
  },
  {
    method: 'GET',
    path: '/shipment/:shipment_id',
    kind: 'integrator.shipment_read',
    tag: TAG,
    summary: 'Read a shipment and its tracking ids',
    description: '`tracking_id` appears some clock time after the shipment is created or updated.',
    responses: [ok(ShipmentResponseSchema), bearer, fail(404, '`shipment_not_found`'), FAULTS],
  },
];

/** The shipping integrator API (shipping-integrator-api.md), as the built-in fake integrator serves it. */
export const INTEGRATOR_API: ApiDoc = {
  errorSchema: FailureBodySchema,
  errorMediaType: 'application/json',
  requestMediaTypes: ['application/json'],
  commonErrors: [],
  bodyErrors: [
    fail(400, '`invalid_request`: the body breaks the schema; the reason names each field'),
    fail(413, '`request_too_large`'),
    fail(415, '`unsupported_media_type`: neither the endpoint’s vendor type nor application/json'),
  ],
  ops,
};
