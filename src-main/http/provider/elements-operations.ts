import {
  ClientCreateSchema,
  ClientPageSchema,
  ClientSchema,
  ClientUpdateSchema,
  ExpressConfigSchema,
  OriginsBodySchema,
} from '@shared/schemas/elements.schema';
import { parsePageQuery } from '@shared/rules/page-cursor';
import { z } from 'zod';
import type { Core } from '../../core/create-core';
import { invalid } from '../../core/errors';
import type { Operation } from '../define-operation';
import { json, readJson } from '../json';
import type { ParamDoc } from '../openapi/op-types';
import { created, fail, LOCATION, noContent, ok, PAGE } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import { baseUrlOf, DEFAULT_BODY_LIMIT } from '../serve';
import { basicUser } from './error-shapes';

const TAG = 'Elements clients';
const BASE = '/elements/v1/clients';
const ONE = `${BASE}/:clientId`;
const notFound = fail(404, 'CLIENT_NOT_FOUND');

/** The merchant a request acts for: the Basic auth user name (the guard has checked the password). */
const merchant = (c: Ctx) => basicUser(c.req.headers.authorization);
const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

const PLACEMENT: ParamDoc[] = [
  { name: 'placement_key', description: 'The placement (absent: the client’s only placement)' },
];

/** `placement_key` of the express endpoints; absent means "the client's only placement". */
function placementKey(c: Ctx): { placementKey?: string } {
  const key = new URLSearchParams(c.req.search).get('placement_key');
  return key === null ? {} : { placementKey: key };
}

function createClient(c: Ctx, core: Core): HttpResponse {
  const client = core.elements.create(merchant(c), body(c));
  c.meta.outcome = 'created';
  const host = baseUrlOf(c.req, '');
  return json(201, client, { Location: `${host}${BASE}/${client.id}` });
}

function listClients(c: Ctx, core: Core): HttpResponse {
  const q = parsePageQuery(c.req.search);
  if (!q.ok) throw invalid(q.problems, 'ARGUMENT_NOT_VALID');
  return json(200, core.elements.page(merchant(c), q.page));
}

function readClient(c: Ctx, core: Core): HttpResponse {
  return json(200, core.elements.get(merchant(c), c.params.clientId!));
}

function updateClient(c: Ctx, core: Core): HttpResponse {
  return json(200, core.elements.update(merchant(c), c.params.clientId!, body(c)));
}

function deleteClient(c: Ctx, core: Core): HttpResponse {
  core.elements.remove(merchant(c), c.params.clientId!);
  c.meta.outcome = 'deleted';
  return { status: 204 };
}

/** A placement's express configuration: replaced by PUT, merge-patched by PATCH (`patch`). */
function writeExpress(c: Ctx, core: Core, patch: boolean): HttpResponse {
  return json(
    200,
    core.elements.setExpress(merchant(c), c.params.clientId!, body(c), { patch, ...placementKey(c) }),
  );
}

function setExpress(c: Ctx, core: Core): HttpResponse {
  return writeExpress(c, core, false);
}

function patchExpress(c: Ctx, core: Core): HttpResponse {
  return writeExpress(c, core, true);
}

function setOrigins(c: Ctx, core: Core): HttpResponse {
  return json(200, core.elements.setOrigins(merchant(c), c.params.clientId!, body(c)));
}

function addOrigins(c: Ctx, core: Core): HttpResponse {
  return json(200, core.elements.addOrigins(merchant(c), c.params.clientId!, body(c)));
}

/**
 * The elements API (merchant's web code → service): clients with their express configuration and allowed
 * origins. The router ignores empty path segments, so `/clients` and `/clients/` are one route. Errors
 * as `{message, additional_context, code}` (elements-errors.ts).
 */
export const ELEMENTS_OPERATIONS: readonly Operation<Core>[] = [
  {
    method: 'POST',
    path: BASE,
    kind: 'elements.client.create',
    tag: TAG,
    summary: 'Create a client',
    body: { schema: ClientCreateSchema },
    responses: [created(ClientSchema, 'The client', LOCATION), fail(400, 'ORIGIN_NOT_ALLOWED')],
    handle: createClient,
  },
  {
    method: 'GET',
    path: BASE,
    kind: 'elements.client.list',
    tag: TAG,
    summary: 'List the merchant’s clients',
    query: PAGE,
    responses: [ok(ClientPageSchema), fail(400, 'ARGUMENT_NOT_VALID: a bad page_size or cursor')],
    handle: listClients,
  },
  {
    method: 'GET',
    path: ONE,
    kind: 'elements.client.read',
    tag: TAG,
    summary: 'Read a client',
    responses: [ok(ClientSchema), notFound],
    handle: readClient,
  },
  {
    method: 'PUT',
    path: ONE,
    kind: 'elements.client.update',
    tag: TAG,
    summary: 'Replace a client’s name, origins and placements',
    body: { schema: ClientUpdateSchema },
    responses: [ok(ClientSchema), notFound],
    handle: updateClient,
  },
  {
    method: 'DELETE',
    path: ONE,
    kind: 'elements.client.delete',
    tag: TAG,
    summary: 'Delete a client',
    responses: [noContent('Deleted'), notFound],
    handle: deleteClient,
  },
  {
    method: 'PUT',
    path: `${ONE}/express`,
    kind: 'elements.express.set',
    tag: TAG,
    summary: 'Set a placement’s express configuration',
    query: PLACEMENT,
    body: { schema: ExpressConfigSchema },
    responses: [ok(ClientSchema), notFound],
    handle: setExpress,
  },
  {
    method: 'PATCH',
    path: `${ONE}/express`,
    kind: 'elements.express.patch',
    tag: TAG,
    summary: 'Merge-patch a placement’s express configuration (RFC 7396)',
    query: PLACEMENT,
    // application/merge-patch+json is accepted like any +json type.
    body: {
      schema: z.record(z.string(), z.unknown()),
      mediaTypes: ['application/merge-patch+json', 'application/json'],
      description: 'A JSON merge patch of the express configuration; `null` removes a field',
    },
    responses: [ok(ClientSchema), notFound],
    handle: patchExpress,
  },
  {
    method: 'PUT',
    path: `${ONE}/allowed-origins`,
    kind: 'elements.origins.set',
    tag: TAG,
    summary: 'Replace the allowed origins',
    body: { schema: OriginsBodySchema },
    responses: [ok(ClientSchema), notFound],
    handle: setOrigins,
  },
  {
    method: 'PATCH',
    path: `${ONE}/add-allowed-origins`,
    kind: 'elements.origins.add',
    tag: TAG,
    summary: 'Add allowed origins (without duplicates)',
    body: { schema: OriginsBodySchema },
    responses: [ok(ClientSchema), notFound],
    handle: addOrigins,
  },
];
