import { describe, expect, it } from 'vitest';
import { openApiDocument, PLACEHOLDER_URLS, type DocumentName } from './document';
import type { Json } from './op-types';
import { SIM_FLAG, SIM_PREFIX } from './sim-defined';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const STATUS = /^([1-5]\d\d|[1-5]XX)$/;

interface Op {
  where: string;
  op: Json;
}

/** Every operation of the document: paths, then webhooks. */
function operationsOf(doc: Json): Op[] {
  const items = { ...(doc.paths as Json), ...(doc.webhooks as Json | undefined) } as Record<string, Json>;
  return Object.entries(items).flatMap(([where, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ where: `${m.toUpperCase()} ${where}`, op: op as Json })),
  );
}

/** Every `$ref` in a node, with where it is. */
function refsOf(node: unknown, at = '#', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((n, i) => refsOf(n, `${at}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push([at, v]);
      else refsOf(v, `${at}/${k}`, out);
    }
  }
  return out;
}

const isSim = (o: Json) => o[SIM_FLAG] === true;
const byId = (doc: Json, id: string) => operationsOf(doc).find((o) => o.op.operationId === id)!.op;

describe.each<DocumentName>(['provider', 'integrator'])('the %s document', (name) => {
  const doc = openApiDocument(name);

  it('is an OpenAPI 3.1 document: openapi, info, servers, paths and components', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: PLACEHOLDER_URLS[name], description: expect.any(String) }]);
    expect(Object.keys(doc.paths as Json).every((p) => p.startsWith('/'))).toBe(true);
    expect(Object.keys((doc.components as { schemas: Json }).schemas).length).toBeGreaterThan(5);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('gives each operation a unique id, tags, a summary and described responses', () => {
    const ops = operationsOf(doc);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { where, op } of ops) {
      expect(op.tags, where).toEqual([expect.any(String)]);
      expect(op.summary, where).toEqual(expect.any(String));
      const responses = Object.entries(op.responses as Record<string, Json>);
      expect(responses.length, where).toBeGreaterThan(0);
      for (const [status, r] of responses) {
        expect(status, where).toMatch(STATUS);
        expect(r.description, `${where} ${status}`).toEqual(expect.any(String));
      }
    }
  });

  it('declares every path parameter of each path template, and only those', () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(item)) {
        const params = (op.parameters as Json[] | undefined) ?? [];
        const declared = params.filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), path).toEqual(names);
        expect(declared.every((p) => p.required === true)).toBe(true);
      }
    }
  });

  it('resolves every $ref to a component it holds', () => {
    const schemas = (doc.components as { schemas: Json }).schemas;
    for (const [at, ref] of refsOf(doc)) {
      expect(ref, at).toMatch(/^#\/components\/schemas\//);
      expect(schemas, `${at} → ${ref}`).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
  });

  it('marks the simulator-defined operations, and them only, with x-sim-defined and the prefix', () => {
    for (const { where, op } of operationsOf(doc)) {
      const description = (op.description as string | undefined) ?? '';
      if (isSim(op)) expect(description.startsWith(SIM_PREFIX), where).toBe(true);
      else expect(description.startsWith(SIM_PREFIX), where).toBe(false);
    }
    expect(isSim(byId(doc, 'openapi'))).toBe(true);
  });

  it('marks simulator-defined schemas and answers the same way', () => {
    const marked: Json[] = [];
    const walk = (n: unknown) => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (typeof n === 'object' && n !== null) {
        if (isSim(n as Json)) marked.push(n as Json);
        Object.values(n).forEach(walk);
      }
    };
    walk(doc);
    expect(marked.length).toBeGreaterThan(0);
    for (const m of marked) expect(String(m.description)).toMatch(new RegExp(`^${SIM_PREFIX} \\S`));
  });
});

describe('the provider document', () => {
  const doc = openApiDocument('provider');
  const ops = operationsOf(doc);
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;

  it('marks the whole automation API as simulator-defined', () => {
    const helpers = ops.filter((o) => o.where.includes(' /test_helpers/'));
    expect(helpers.length).toBeGreaterThan(25);
    expect(helpers.filter((o) => !isSim(o.op)).map((o) => o.where)).toEqual([]);
  });

  it('does not mark the spec-defined APIs', () => {
    const spec = ops.filter((o) => /^\w+ \/(checkout|ordermanagement|ipp|elements)\//.test(o.where));
    expect(spec.length).toBeGreaterThan(25);
    expect(spec.filter((o) => isSim(o.op)).map((o) => o.where)).toEqual([]);
  });

  it('documents the callbacks as webhooks: upsell ones simulator-defined, the spec ones not', () => {
    const webhooks = doc.webhooks as Record<string, { post: Json }>;
    for (const name of ['upsell', 'upsell_validation', 'upsell_notification'])
      expect(isSim(webhooks[name]!.post), name).toBe(true);
    for (const name of ['push', 'notification', 'address_update', 'country_change', 'validation'])
      expect(isSim(webhooks[name]!.post), name).toBe(false);
    expect(webhooks.upsell!.post.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UpsellRequest' } } },
    });
    expect(webhooks.push!.post.requestBody).toBeUndefined();
  });

  it('marks the in-person 409 on cancelling a finished session, not the operation', () => {
    const cancel = byId(doc, 'ipp.session.cancel');
    expect(isSim(cancel)).toBe(false);
    const responses = cancel.responses as Record<string, Json>;
    expect(isSim(responses['409']!)).toBe(true);
    expect(isSim(responses['200']!)).toBe(false);
    expect(responses['409']!.content).toEqual({
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
    });
  });

  it('answers each API in its own error shape', () => {
    const errorOf = (id: string, status: string) =>
      ((byId(doc, id).responses as Record<string, Json>)[status]!.content as Json) ?? null;
    expect(errorOf('checkout.read', '404')).toHaveProperty(
      ['application/json', 'schema', '$ref'],
      '#/components/schemas/CheckoutError',
    );
    expect(errorOf('ipp.session.read', '401')).toHaveProperty(['application/problem+json']);
    expect(errorOf('elements.client.read', '404')).toHaveProperty(
      ['application/json', 'schema', '$ref'],
      '#/components/schemas/ElementsError',
    );
    expect(errorOf('test_helpers.clock.update', '400')).toHaveProperty(
      ['application/json', 'schema', '$ref'],
      '#/components/schemas/CheckoutError',
    );
  });

  it('reuses the zod schemas the handlers validate with, as components', () => {
    const bodyRef = (id: string) =>
      ((byId(doc, id).requestBody as Json).content as Record<string, Json>)['application/json']!.schema;
    expect(bodyRef('checkout.create')).toEqual({ $ref: '#/components/schemas/CheckoutOrderCreate' });
    expect(bodyRef('test_helpers.clock.advance')).toEqual({ $ref: '#/components/schemas/ClockAdvance' });
    expect(schemas.CheckoutOrderCreate!.required).toEqual(
      expect.arrayContaining(['purchase_country', 'order_lines', 'merchant_urls']),
    );
    // The fault set is read with defaults on the way in and answered whole on the way out.
    expect(schemas.IntegratorFaultsInput!.required).toBeUndefined();
    expect(schemas.IntegratorFaults!.required).toEqual(expect.arrayContaining(['auth', 'shipment_read']));
  });

  it('marks sim-defined components, and leaves the spec ones unmarked', () => {
    for (const name of ['ClockView', 'PushTimeline', 'StepAnswer', 'UpsellRecommendations', 'Scorecard'])
      expect(isSim(schemas[name]!), name).toBe(true);
    for (const name of ['CheckoutOrder', 'OrderManagementOrder', 'Problem', 'Client', 'CheckoutError'])
      expect(isSim(schemas[name]!), name).toBe(false);
  });

  it('serves the document itself without authentication', () => {
    expect(byId(doc, 'openapi').security).toEqual([]);
    expect(doc.security).toEqual([{ basicAuth: [] }]);
  });
});

describe('the integrator document', () => {
  const doc = openApiDocument('integrator');

  it('marks the fault answers and the sim-defined parts of the spec shapes', () => {
    const options = byId(doc, 'integrator.shippingoptions').responses as Record<string, Json>;
    expect(isSim(options['5XX']!)).toBe(true);
    expect(isSim(options['200']!)).toBe(false);
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    expect(isSim(schemas.Timeslot!)).toBe(true);
    const selected = schemas.SelectedShippingOption!.properties as Record<string, Json>;
    expect(isSim(selected.timeslot!)).toBe(true);
    expect(isSim(selected.id!)).toBe(false);
  });

  it('accepts the vendor media types and application/json, with a bearer token but on /auth', () => {
    const body = byId(doc, 'integrator.shippingoptions').requestBody as { content: Json };
    expect(Object.keys(body.content)).toEqual([
      'application/vdn.service.shipping.get_options-v1+json',
      'application/json',
    ]);
    expect(byId(doc, 'integrator.auth').security).toEqual([]);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('names a given server URL when served', () => {
    expect(openApiDocument('integrator', 'http://127.0.0.1:9').servers).toEqual([
      { url: 'http://127.0.0.1:9', description: expect.any(String) },
    ]);
  });
});
