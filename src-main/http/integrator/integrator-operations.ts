import {
  AuthRequestSchema,
  AuthResponseSchema,
  INTEGRATOR_MEDIA_TYPES,
  ShipmentRequestSchema,
  ShipmentResponseSchema,
  ShippingOptionsRequestSchema,
  ShippingOptionsResponseSchema,
} from '@shared/schemas/integrator.schema';
import type { FaultEndpoint } from '@shared/schemas/integrator-sim.schema';
import type { z } from 'zod';
import type { ShipmentReply } from '../../core/integrator/fake-integrator';
import { parseBody } from '../../core/integrator/options';
import { operationGroup, type Operation, type OperationGroup } from '../define-operation';
import { JSON_HEADERS, json } from '../json';
import type { ResponseDoc } from '../openapi/op-types';
import { integratorApi } from '../openapi/apis';
import { created, fail, ok } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import { baseUrlOf } from '../serve';
import { bodyText, endpoint, type EndpointEnv } from './integrator-endpoint';
import { orderIdOf } from './integrator-gate';

/**
 * One endpoint of the fake integrator: its faults are switched per `fault`; its request's vendor media
 * type is the first of its body's (none without a body); every call but a `public` one carries a bearer
 * token (integrator-endpoint.ts checks all three before `handle`).
 */
export interface IntegratorOperation extends Operation<EndpointEnv, HttpResponse> {
  fault: FaultEndpoint;
}

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

function orderIdOfText(text: string): string | null {
  try {
    return orderIdOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** 201/200 with `Location: {base_url}/shipment/<id>`, unless the missing_location fault is on. */
function shipmentResponse(
  c: Ctx,
  env: EndpointEnv,
  fault: Extract<FaultEndpoint, 'shipment_create' | 'shipment_update'>,
  status: number,
  r: ShipmentReply,
) {
  c.meta.orderId = r.orderId;
  const omit = env.core.integrator.faults.of(fault).missing_location;
  const location = `${baseUrlOf(c.req, '')}/shipment/${encodeURIComponent(r.shipmentId)}`;
  return json(status, r.body, omit ? {} : { location });
}

function issueToken(c: Ctx, env: EndpointEnv): HttpResponse {
  const answer = env.core.integrator.authenticate(parseBody(bodyText(c)));
  c.meta.outcome = 'token_issued';
  return json(201, answer);
}

function listShippingOptions(c: Ctx, env: EndpointEnv): HttpResponse {
  const text = bodyText(c);
  let a;
  try {
    a = env.core.integrator.shippingOptions(text);
  } catch (err) {
    c.meta.orderId = orderIdOfText(text); // a refused request still shows under its order
    throw err;
  }
  c.meta.orderId = a.orderId;
  c.meta.requestBody = { text, hash: a.requestHash };
  return { status: 200, headers: JSON_HEADERS, body: a.json, bodyHash: a.hash };
}

function createShipment(c: Ctx, env: EndpointEnv): HttpResponse {
  const request = parseBody(bodyText(c));
  c.meta.orderId = orderIdOf(request);
  const r = env.core.integrator.createShipment(request);
  c.meta.outcome = 'created';
  return shipmentResponse(c, env, 'shipment_create', 201, r);
}

function updateShipment(c: Ctx, env: EndpointEnv): HttpResponse {
  const request = parseBody(bodyText(c));
  c.meta.orderId = orderIdOf(request);
  const r = env.core.integrator.updateShipment(c.params.shipment_id!, request);
  c.meta.outcome = 'updated';
  return shipmentResponse(c, env, 'shipment_update', 200, r);
}

function readShipment(c: Ctx, env: EndpointEnv): HttpResponse {
  const r = env.core.integrator.readShipment(c.params.shipment_id!);
  c.meta.orderId = r.orderId;
  return json(200, r.body);
}

/** The shipping integrator API (a TMS's endpoints), as the built-in fake integrator serves it. */
export const INTEGRATOR_OPERATIONS: readonly IntegratorOperation[] = [
  {
    method: 'POST',
    path: '/auth',
    kind: 'integrator.auth',
    fault: 'auth',
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
    handle: issueToken,
  },
  {
    method: 'POST',
    path: '/shippingoptions',
    kind: 'integrator.shippingoptions',
    fault: 'shippingoptions',
    tag: TAG,
    summary: 'Shipping options for a recipient and an order',
    description: 'A country-only recipient gets `preview: true` options; a full address gets valid ones.',
    body: body(ShippingOptionsRequestSchema, INTEGRATOR_MEDIA_TYPES.options),
    responses: [ok(ShippingOptionsResponseSchema), bearer, FAULTS],
    handle: listShippingOptions,
  },
  {
    method: 'POST',
    path: '/shipment',
    kind: 'integrator.shipment_create',
    fault: 'shipment_create',
    tag: TAG,
    summary: 'Create a shipment for the selected option',
    body: body(ShipmentRequestSchema, INTEGRATOR_MEDIA_TYPES.shipment),
    responses: [
      created(ShipmentResponseSchema, 'The shipment', LOCATION),
      fail(400, '`shipping_option_not_available`, `invalid_selection` or `invalid_request`'),
      bearer,
      FAULTS,
    ],
    handle: createShipment,
  },
  {
    method: 'PUT',
    path: '/shipment/:shipment_id',
    kind: 'integrator.shipment_update',
    fault: 'shipment_update',
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
    handle: updateShipment,
  },
  {
    method: 'GET',
    path: '/shipment/:shipment_id',
    kind: 'integrator.shipment_read',
    fault: 'shipment_read',
    tag: TAG,
    summary: 'Read a shipment and its tracking ids',
    description: '`tracking_id` appears some clock time after the shipment is created or updated.',
    responses: [ok(ShipmentResponseSchema), bearer, fail(404, '`shipment_not_found`'), FAULTS],
    handle: readShipment,
  },
];

/**
 * The fake integrator's one API: integrator-app.ts registers it, each endpoint behind its faults and
 * checks (integrator-endpoint.ts), all three read from its declaration; openapi/document.ts describes it.
 */
export const INTEGRATOR_API: OperationGroup<EndpointEnv> = operationGroup({
  api: integratorApi,
  ops: INTEGRATOR_OPERATIONS,
  wrap: (env) => (op: IntegratorOperation, handler: (c: Ctx) => HttpResponse) =>
    endpoint(env, { fault: op.fault, mediaType: op.body?.mediaTypes?.[0], bearer: !op.public }, handler),
});
