import {
  ClientCreateSchema,
  ClientPageSchema,
  ClientSchema,
  ClientUpdateSchema,
  ElementsErrorSchema,
  ExpressConfigSchema,
  OriginsBodySchema,
} from '@shared/schemas/elements.schema';
import {
  DevicePageSchema,
  DeviceSchema,
  DeviceUpdateSchema,
  ProblemSchema,
  SessionCreateSchema,
  SessionSchema,
} from '@shared/schemas/ipp.schema';
import { z } from 'zod';
import type { ApiDoc, OpDoc, ParamDoc } from './op-types';
import { created, fail, LOCATION, noContent, ok } from './responses';

const IPP_TAG = 'In-person payments';
const ELEMENTS_TAG = 'Elements clients';
const CLIENT = '/elements/v1/clients/:clientId';

const PAGE: ParamDoc[] = [
  { name: 'page_size', description: 'How many per page', schema: { type: 'integer', minimum: 1 } },
  { name: 'cursor', description: 'The `next_cursor` of the previous page' },
];
const PLACEMENT: ParamDoc[] = [
  { name: 'placement_key', description: 'The placement (absent: the client’s only placement)' },
];

const ippOps: OpDoc[] = [
  {
    method: 'GET',
    path: '/ipp/v1/devices',
    kind: 'ipp.device.list',
    tag: IPP_TAG,
    summary: 'List the registered devices',
    query: PAGE,
    responses: [ok(DevicePageSchema), fail(400, 'VALIDATION_FAILED: a bad page_size or cursor')],
  },
  {
    method: 'PUT',
    path: '/ipp/v1/devices/:id',
    kind: 'ipp.device.update',
    tag: IPP_TAG,
    summary: 'Replace a device’s name, metadata and location',
    body: { schema: DeviceUpdateSchema },
    responses: [ok(DeviceSchema), fail(404, 'DEVICE_NOT_FOUND')],
  },
  {
    method: 'DELETE',
    path: '/ipp/v1/devices/:id',
    kind: 'ipp.device.delete',
    tag: IPP_TAG,
    summary: 'Deregister a device',
    responses: [noContent('Deregistered'), fail(404, 'DEVICE_NOT_FOUND')],
  },
  {
    method: 'POST',
    path: '/ipp/v1/sessions',
    kind: 'ipp.session.create',
    tag: IPP_TAG,
    summary: 'Send a payment session to a device',
    description: 'Items are checked with the checkout’s line arithmetic.',
    body: { schema: SessionCreateSchema },
    responses: [
      created(SessionSchema, 'The session, `CREATED`', LOCATION),
      fail(404, 'DEVICE_NOT_FOUND'),
      fail(409, 'DEVICE_BUSY: the device has an open session'),
    ],
  },
  {
    method: 'GET',
    path: '/ipp/v1/sessions/:session_id',
    kind: 'ipp.session.read',
    tag: IPP_TAG,
    summary: 'Read a payment session',
    responses: [ok(SessionSchema), fail(404, 'SESSION_NOT_FOUND')],
  },
  {
    method: 'PUT',
    path: '/ipp/v1/sessions/:session_id/cancel',
    kind: 'ipp.session.cancel',
    tag: IPP_TAG,
    summary: 'Cancel a payment session',
    description: 'No body is read.',
    responses: [
      ok(SessionSchema, 'The session, `CANCELLED`'),
      fail(404, 'SESSION_NOT_FOUND'),
      {
        ...fail(409, 'SESSION_NOT_OPEN: the session is already FINALIZED, CANCELLED, EXPIRED or FAILED'),
        simDefined: true,
      },
    ],
  },
];

const clientOps: OpDoc[] = [
  {
    method: 'POST',
    path: '/elements/v1/clients',
    kind: 'elements.client.create',
    tag: ELEMENTS_TAG,
    summary: 'Create a client',
    body: { schema: ClientCreateSchema },
    responses: [created(ClientSchema, 'The client', LOCATION), fail(400, 'ORIGIN_NOT_ALLOWED')],
  },
  {
    method: 'GET',
    path: '/elements/v1/clients',
    kind: 'elements.client.list',
    tag: ELEMENTS_TAG,
    summary: 'List the merchant’s clients',
    query: PAGE,
    responses: [ok(ClientPageSchema), fail(400, 'ARGUMENT_NOT_VALID: a bad page_size or cursor')],
  },
  {
    method: 'GET',
    path: CLIENT,
    kind: 'elements.client.read',
    tag: ELEMENTS_TAG,
    summary: 'Read a client',
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'PUT',
    path: CLIENT,
    kind: 'elements.client.update',
    tag: ELEMENTS_TAG,
    summary: 'Replace a client’s name, origins and placements',
    body: { schema: ClientUpdateSchema },
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'DELETE',
    path: CLIENT,
    kind: 'elements.client.delete',
    tag: ELEMENTS_TAG,
    summary: 'Delete a client',
    responses: [noContent('Deleted'), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'PUT',
    path: `${CLIENT}/express`,
    kind: 'elements.express.set',
    tag: ELEMENTS_TAG,
    summary: 'Set a placement’s express configuration',
    query: PLACEMENT,
    body: { schema: ExpressConfigSchema },
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'PATCH',
    path: `${CLIENT}/express`,
    kind: 'elements.express.patch',
    tag: ELEMENTS_TAG,
    summary: 'Merge-patch a placement’s express configuration (RFC 7396)',
    query: PLACEMENT,
    body: {
      schema: z.record(z.string(), z.unknown()),
      mediaTypes: ['application/merge-patch+json', 'application/json'],
      description: 'A JSON merge patch of the express configuration; `null` removes a field',
    },
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'PUT',
    path: `${CLIENT}/allowed-origins`,
    kind: 'elements.origins.set',
    tag: ELEMENTS_TAG,
    summary: 'Replace the allowed origins',
    body: { schema: OriginsBodySchema },
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
  {
    method: 'PATCH',
    path: `${CLIENT}/add-allowed-origins`,
    kind: 'elements.origins.add',
    tag: ELEMENTS_TAG,
    summary: 'Add allowed origins (without duplicates)',
    body: { schema: OriginsBodySchema },
    responses: [ok(ClientSchema), fail(404, 'CLIENT_NOT_FOUND')],
  },
];

/** In-person payments (`/ipp/v1`): errors as RFC 7807 problem JSON with `errors{field: message}`. */
export const IPP_API: ApiDoc = {
  errorSchema: ProblemSchema,
  errorMediaType: 'application/problem+json',
  requestMediaTypes: ['application/json'],
  commonErrors: [fail(401, 'UNAUTHORIZED: missing or wrong Basic credentials')],
  bodyErrors: [
    fail(400, 'VALIDATION_FAILED: `errors` names each field'),
    fail(413, 'PAYLOAD_TOO_LARGE'),
    fail(415, 'UNSUPPORTED_MEDIA_TYPE'),
  ],
  ops: ippOps,
};

/** Elements clients (`/elements/v1`): errors as `{message, additional_context, code}`. */
export const ELEMENTS_API: ApiDoc = {
  errorSchema: ElementsErrorSchema,
  errorMediaType: 'application/json',
  requestMediaTypes: ['application/json'],
  commonErrors: [fail(401, 'UNAUTHORIZED: missing or wrong Basic credentials')],
  bodyErrors: [
    fail(400, 'ARGUMENT_NOT_VALID: `additional_context` names each field'),
    fail(413, 'ARGUMENT_NOT_VALID: the body is over 1 MiB'),
    fail(415, 'ARGUMENT_NOT_VALID: the Content-Type is not JSON'),
  ],
  ops: clientOps,
};
