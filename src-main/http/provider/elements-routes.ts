import { parsePageQuery } from '@shared/rules/page-cursor';
import type { Core } from '../../core/create-core';
import { invalid } from '../../core/errors';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { basicUser, scopedRoutes, type ErrorShape } from './error-shapes';

const BASE = '/elements/v1/clients';
const ONE = `${BASE}/:clientId`;

/** The merchant a request acts for: the Basic auth user name (the guard has checked the password). */
const merchant = (c: Ctx) => basicUser(c.req.headers.authorization);
const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

/** `placement_key` of the express endpoints; absent means "the client's only placement". */
function placementKey(c: Ctx): { placementKey?: string } {
  const key = new URLSearchParams(c.req.search).get('placement_key');
  return key === null ? {} : { placementKey: key };
}

/**
 * The elements API (merchant's web code → service): clients with their express configuration and allowed
 * origins. The router ignores empty path segments, so `/clients` and `/clients/` are one route.
 */
export function elementsRoutes(app: App, core: Core, shape: ErrorShape): void {
  const route = scopedRoutes(app, shape);
  const clients = core.elements;

  route('POST', BASE, 'elements.client.create', (c) => {
    const client = clients.create(merchant(c), body(c));
    c.meta.outcome = 'created';
    const host = c.req.headers.host ? `http://${c.req.headers.host}` : '';
    return json(201, client, { Location: `${host}${BASE}/${client.id}` });
  });

  route('GET', BASE, 'elements.client.list', (c) => {
    const q = parsePageQuery(c.req.search);
    if (!q.ok) throw invalid(q.problems, 'ARGUMENT_NOT_VALID');
    return json(200, clients.page(merchant(c), q.page));
  });

  route('GET', ONE, 'elements.client.read', (c) => json(200, clients.get(merchant(c), c.params.clientId!)));

  route('PUT', ONE, 'elements.client.update', (c) =>
    json(200, clients.update(merchant(c), c.params.clientId!, body(c))),
  );

  route('DELETE', ONE, 'elements.client.delete', (c) => {
    clients.remove(merchant(c), c.params.clientId!);
    c.meta.outcome = 'deleted';
    return { status: 204 };
  });

  route('PUT', `${ONE}/express`, 'elements.express.set', (c) =>
    json(
      200,
      clients.setExpress(merchant(c), c.params.clientId!, body(c), { patch: false, ...placementKey(c) }),
    ),
  );

  // A JSON merge patch (RFC 7396); application/merge-patch+json is accepted like any +json type.
  route('PATCH', `${ONE}/express`, 'elements.express.patch', (c) =>
    json(
      200,
      clients.setExpress(merchant(c), c.params.clientId!, body(c), { patch: true, ...placementKey(c) }),
    ),
  );

  route('PUT', `${ONE}/allowed-origins`, 'elements.origins.set', (c) =>
    json(200, clients.setOrigins(merchant(c), c.params.clientId!, body(c))),
  );

  route('PATCH', `${ONE}/add-allowed-origins`, 'elements.origins.add', (c) =>
    json(200, clients.addOrigins(merchant(c), c.params.clientId!, body(c))),
  );
}
