import { parsePageQuery } from '@shared/rules/page-cursor';
import type { Core } from '../../core/create-core';
import { validationFailed } from '../../core/ipp/session-input';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { scopedRoutes, type ErrorShape } from './error-shapes';

const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

/**
 * The in-person payments API (merchant's point of sale → service): devices and payment sessions. A
 * session's calls are filed in the log under its id, which is also the id of the order it becomes once
 * paid (order management keeps it), so the log finds them by it like any order's.
 */
export function ippRoutes(app: App, core: Core, shape: ErrorShape): void {
  const route = scopedRoutes(app, shape);
  const { devices, sessions } = core.ipp;

  route('GET', '/ipp/v1/devices', 'ipp.device.list', (c) => {
    const q = parsePageQuery(c.req.search);
    if (!q.ok) throw validationFailed(q.problems);
    return json(200, devices.page(q.page));
  });

  route('PUT', '/ipp/v1/devices/:id', 'ipp.device.update', (c) =>
    json(200, devices.update(c.params.id!, body(c))),
  );

  route('DELETE', '/ipp/v1/devices/:id', 'ipp.device.delete', (c) => {
    devices.remove(c.params.id!);
    c.meta.outcome = 'deregistered';
    return { status: 204 };
  });

  route('POST', '/ipp/v1/sessions', 'ipp.session.create', (c) => {
    const session = sessions.create(body(c));
    c.meta.orderId = session.session_id;
    c.meta.outcome = session.status;
    const host = c.req.headers.host ? `http://${c.req.headers.host}` : '';
    return json(201, session, { Location: `${host}/ipp/v1/sessions/${session.session_id}` });
  });

  route('GET', '/ipp/v1/sessions/:session_id', 'ipp.session.read', (c) => {
    c.meta.orderId = c.params.session_id!;
    const session = sessions.get(c.params.session_id!);
    c.meta.outcome = session.status;
    return json(200, session);
  });

  // PUT with no body: the cancel carries no data, so a body (if any) is not read.
  route('PUT', '/ipp/v1/sessions/:session_id/cancel', 'ipp.session.cancel', (c) => {
    c.meta.orderId = c.params.session_id!;
    const session = sessions.cancel(c.params.session_id!);
    c.meta.outcome = session.status;
    return json(200, session);
  });
}
