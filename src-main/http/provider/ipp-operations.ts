import {
  DevicePageSchema,
  DeviceSchema,
  DeviceUpdateSchema,
  SessionCreateSchema,
  SessionSchema,
} from '@shared/schemas/ipp.schema';
import { parsePageQuery } from '@shared/rules/page-cursor';
import type { Core } from '../../core/create-core';
import { validationFailed } from '../../core/ipp/session-input';
import type { Operation } from '../define-operation';
import { json, readJson } from '../json';
import { created, fail, LOCATION, noContent, ok, PAGE } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import { baseUrlOf, DEFAULT_BODY_LIMIT } from '../serve';

const TAG = 'In-person payments';
const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

function listDevices(c: Ctx, core: Core): HttpResponse {
  const q = parsePageQuery(c.req.search);
  if (!q.ok) throw validationFailed(q.problems);
  return json(200, core.ipp.devices.page(q.page));
}

function updateDevice(c: Ctx, core: Core): HttpResponse {
  return json(200, core.ipp.devices.update(c.params.id!, body(c)));
}

function deleteDevice(c: Ctx, core: Core): HttpResponse {
  core.ipp.devices.remove(c.params.id!);
  c.meta.outcome = 'deregistered';
  return { status: 204 };
}

function createSession(c: Ctx, core: Core): HttpResponse {
  const session = core.ipp.sessions.create(body(c));
  c.meta.orderId = session.session_id;
  c.meta.outcome = session.status;
  const host = baseUrlOf(c.req, '');
  return json(201, session, { Location: `${host}/ipp/v1/sessions/${session.session_id}` });
}

function readSession(c: Ctx, core: Core): HttpResponse {
  c.meta.orderId = c.params.session_id!;
  const session = core.ipp.sessions.get(c.params.session_id!);
  c.meta.outcome = session.status;
  return json(200, session);
}

function cancelSession(c: Ctx, core: Core): HttpResponse {
  c.meta.orderId = c.params.session_id!;
  const session = core.ipp.sessions.cancel(c.params.session_id!);
  c.meta.outcome = session.status;
  return json(200, session);
}

/**
 * The in-person payments API (merchant's point of sale → service): devices and payment sessions. A
 * session's calls are filed in the log under its id, which is also the id of the order it becomes once
 * paid (order management keeps it), so the log finds them by it like any order's. Errors as RFC 7807
 * problem JSON (ipp-errors.ts).
 */
export const IPP_OPERATIONS: readonly Operation<Core>[] = [
  {
    method: 'GET',
    path: '/ipp/v1/devices',
    kind: 'ipp.device.list',
    tag: TAG,
    summary: 'List the registered devices',
    query: PAGE,
    responses: [ok(DevicePageSchema), fail(400, 'VALIDATION_FAILED: a bad page_size or cursor')],
    handle: listDevices,
  },
  {
    method: 'PUT',
    path: '/ipp/v1/devices/:id',
    kind: 'ipp.device.update',
    tag: TAG,
    summary: 'Replace a device’s name, metadata and location',
    body: { schema: DeviceUpdateSchema },
    responses: [ok(DeviceSchema), fail(404, 'DEVICE_NOT_FOUND')],
    handle: updateDevice,
  },
  {
    method: 'DELETE',
    path: '/ipp/v1/devices/:id',
    kind: 'ipp.device.delete',
    tag: TAG,
    summary: 'Deregister a device',
    responses: [noContent('Deregistered'), fail(404, 'DEVICE_NOT_FOUND')],
    handle: deleteDevice,
  },
  {
    method: 'POST',
    path: '/ipp/v1/sessions',
    kind: 'ipp.session.create',
    tag: TAG,
    summary: 'Send a payment session to a device',
    description: 'Items are checked with the checkout’s line arithmetic.',
    body: { schema: SessionCreateSchema },
    responses: [
      created(SessionSchema, 'The session, `CREATED`', LOCATION),
      fail(404, 'DEVICE_NOT_FOUND'),
      fail(409, 'DEVICE_BUSY: the device has an open session'),
    ],
    handle: createSession,
  },
  {
    method: 'GET',
    path: '/ipp/v1/sessions/:session_id',
    kind: 'ipp.session.read',
    tag: TAG,
    summary: 'Read a payment session',
    responses: [ok(SessionSchema), fail(404, 'SESSION_NOT_FOUND')],
    handle: readSession,
  },
  {
    method: 'PUT',
    path: '/ipp/v1/sessions/:session_id/cancel',
    kind: 'ipp.session.cancel',
    tag: TAG,
    summary: 'Cancel a payment session',
    // The cancel carries no data, so a body (if any) is not read.
    description: 'No body is read.',
    responses: [
      ok(SessionSchema, 'The session, `CANCELLED`'),
      fail(404, 'SESSION_NOT_FOUND'),
      {
        ...fail(409, 'SESSION_NOT_OPEN: the session is already FINALIZED, CANCELLED, EXPIRED or FAILED'),
        simDefined: true,
      },
    ],
    handle: cancelSession,
  },
];
