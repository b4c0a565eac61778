import { describe, expect, it } from 'vitest';
import { basic } from '../../test-kit/temp-core';
import { providerApp } from './provider-app';
import { apiReq as req, bodyOf, providerAppPerTest } from '../../test-kit/ipp-elements-kit';

const t = providerAppPerTest();

const BASE = '/elements/v1/clients/';
const express = {
  push_url: 'https://shop.example.com/express/push',
  validation_url: 'https://shop.example.com/express/validate',
  confirmation_url: 'https://shop.example.com/express/done',
  payment_methods: [{ method: 'card', provider: 'acme' }],
};
const sampleClient = (over: Record<string, unknown> = {}) => ({
  name: 'Web shop',
  allowed_origins: ['https://shop.example.com'],
  placements: [{ key: 'product-page', content: ['express_button'] }],
  ...over,
});
async function call(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const r = await t.app.handle(req(method, path, body, headers));
  return { status: r.status, headers: r.headers ?? {}, body: r.body ? bodyOf(r) : null };
}
const createClient = async (over: Record<string, unknown> = {}) =>
  (await call('POST', BASE, sampleClient(over))).body;

describe('clients CRUD', () => {
  it('creates (201, Location), reads, replaces and deletes a client', async () => {
    const created = await call('POST', BASE, sampleClient());
    expect(created.status).toBe(201);
    const c = created.body;
    expect(c).toMatchObject({
      merchant_id: 'merchant',
      name: 'Web shop',
      allowed_origins: ['https://shop.example.com'],
      placements: [{ key: 'product-page', content: ['express_button'] }],
      origin_flags: [],
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(created.headers.Location).toBe(`http://sim.test/elements/v1/clients/${c.id}`);
    expect((await call('GET', `${BASE}${c.id}`)).body).toEqual(c);

    t.env.clock.advance(1000);
    const put = await call('PUT', `${BASE}${c.id}`, { ...c, name: 'Renamed', placements: [] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: c.id, name: 'Renamed', placements: [], created_at: c.created_at });
    expect(put.body.updated_at).toBe('2026-01-01T00:00:01.000Z');

    const del = await call('DELETE', `${BASE}${c.id}`);
    expect([del.status, del.body]).toEqual([204, null]);
    for (const [m, p, b] of [
      ['GET', `${BASE}${c.id}`, undefined],
      ['PUT', `${BASE}${c.id}`, sampleClient()],
      ['DELETE', `${BASE}${c.id}`, undefined],
      ['PUT', `${BASE}${c.id}/express`, express],
      ['PATCH', `${BASE}${c.id}/express`, {}],
      ['PUT', `${BASE}${c.id}/allowed-origins`, { allowed_origins: [] }],
      ['PATCH', `${BASE}${c.id}/add-allowed-origins`, { allowed_origins: [] }],
    ] as const) {
      const r = await call(m, p, b);
      expect([m, p, r.status, r.body.code]).toEqual([m, p, 404, 'CLIENT_NOT_FOUND']);
      expect(r.body.message).toContain(c.id);
    }
  });

  it('accepts the list path with and without the trailing slash', async () => {
    await createClient();
    expect((await call('GET', '/elements/v1/clients')).body.clients).toHaveLength(1);
    expect((await call('POST', '/elements/v1/clients', sampleClient())).status).toBe(201);
  });

  it('pages the list with page_size and next_cursor, oldest first, stable across deletes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createClient({ name: `c${i}` })).id);
    const p1 = (await call('GET', `${BASE}?page_size=2`)).body;
    expect(p1.clients.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    expect(typeof p1.next_cursor).toBe('string');
    await call('DELETE', `${BASE}${ids[2]}`);
    const p2 = (await call('GET', `${BASE}?page_size=2&cursor=${p1.next_cursor}`)).body;
    expect(p2.clients.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[4]]);
    expect(p2.next_cursor).toBeNull();
    expect((await call('GET', BASE)).body.clients).toHaveLength(4);
  });

  it('shows a client to its merchant only', async () => {
    const c = await createClient();
    t.env.core.config.credentials.username = 'other';
    const otherApp = providerApp(t.env.core);
    const r = await otherApp.handle(
      req('GET', `${BASE}${c.id}`, undefined, { authorization: basic('other') }),
    );
    expect([r.status, bodyOf(r).code]).toEqual([404, 'CLIENT_NOT_FOUND']);
    const list = await otherApp.handle(req('GET', BASE, undefined, { authorization: basic('other') }));
    expect(bodyOf(list).clients).toEqual([]);
  });
});

describe('express configuration', () => {
  it('PUT sets it on the only placement; GET shows it', async () => {
    const c = await createClient();
    const r = await call('PUT', `${BASE}${c.id}/express`, express);
    expect(r.status).toBe(200);
    expect(r.body.placements[0].express_config).toEqual(express);
    expect((await call('GET', `${BASE}${c.id}`)).body.placements[0].express_config).toEqual(express);
  });

  it('PATCH merges (RFC 7396): a value replaces, null deletes a key, arrays replace whole', async () => {
    const c = await createClient();
    await call('PUT', `${BASE}${c.id}/express`, express);
    const r = await call(
      'PATCH',
      `${BASE}${c.id}/express`,
      {
        validation_url: null,
        push_url: 'https://shop.example.com/p2',
        payment_methods: [{ method: 'wallet', provider: 'x' }],
      },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(r.status).toBe(200);
    expect(r.body.placements[0].express_config).toEqual({
      push_url: 'https://shop.example.com/p2',
      confirmation_url: express.confirmation_url,
      payment_methods: [{ method: 'wallet', provider: 'x' }],
    });
    const gone = await call('PATCH', `${BASE}${c.id}/express`, null);
    expect(gone.body.placements[0]).toEqual({ key: 'product-page', content: ['express_button'] });
  });

  it('PATCH validates the merged result, naming the field', async () => {
    const c = await createClient();
    await call('PUT', `${BASE}${c.id}/express`, express);
    const r = await call('PATCH', `${BASE}${c.id}/express`, { payment_methods: null });
    expect([r.status, r.body.code]).toEqual([400, 'ARGUMENT_NOT_VALID']);
    expect(r.body.additional_context).toEqual([{ field: 'payment_methods', message: 'is required' }]);
  });

  it('addresses placements by placement_key, creates an express placement when there is none', async () => {
    const none = await createClient({ placements: [] });
    const r = await call('PUT', `${BASE}${none.id}/express`, express);
    expect(r.body.placements).toEqual([{ key: 'express', content: [], express_config: express }]);
    const two = await createClient({
      placements: [
        { key: 'a', content: [] },
        { key: 'b', content: [] },
      ],
    });
    const ambiguous = await call('PUT', `${BASE}${two.id}/express`, express);
    expect([ambiguous.status, ambiguous.body.additional_context[0].field]).toEqual([400, 'placement_key']);
    const b = await call('PUT', `${BASE}${two.id}/express?placement_key=b`, express);
    expect(
      b.body.placements.map((p: { express_config?: unknown }) => p.express_config !== undefined),
    ).toEqual([false, true]);
    const bad = await call('PUT', `${BASE}${two.id}/express?placement_key=a%20b`, express);
    expect(bad.body.additional_context[0].field).toBe('placement_key');
  });
});

describe('allowed origins', () => {
  it('PUT replaces (normalized, without duplicates); PATCH add appends without duplicates', async () => {
    const c = await createClient();
    const put = await call('PUT', `${BASE}${c.id}/allowed-origins`, {
      allowed_origins: ['https://A.example.com:443', 'https://a.example.com', 'http://localhost:5173'],
    });
    expect(put.body.allowed_origins).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(put.body.origin_flags).toEqual([
      expect.objectContaining({ origin: 'http://localhost:5173', flag: 'http_localhost' }),
    ]);
    const add = await call('PATCH', `${BASE}${c.id}/add-allowed-origins`, {
      allowed_origins: ['https://b.example.com', 'https://a.example.com'],
    });
    expect(add.body.allowed_origins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
      'https://b.example.com',
    ]);
  });

  it.each([
    ['POST', ''],
    ['PUT', 'ID'],
    ['PUT', 'ID/allowed-origins'],
    ['PATCH', 'ID/add-allowed-origins'],
  ])(
    '%s %s refuses a bad origin with ORIGIN_NOT_ALLOWED naming the entry, changing nothing',
    async (m, p) => {
      const c = await createClient();
      const body = sampleClient({
        allowed_origins: ['https://ok.example.com', 'https://shop.example.com/path'],
      });
      const payload = p.includes('origins') ? { allowed_origins: body.allowed_origins } : body;
      const r = await call(m, `${BASE}${p.replace('ID', c.id)}`, payload);
      expect([r.status, r.body.code]).toEqual([400, 'ORIGIN_NOT_ALLOWED']);
      expect(r.body.message).toContain("'https://shop.example.com/path' must not have a path");
      expect(r.body.additional_context).toEqual([
        { field: 'allowed_origins[1]', message: "'https://shop.example.com/path' must not have a path" },
      ]);
      expect((await call('GET', `${BASE}${c.id}`)).body).toEqual(c);
    },
  );
});

describe('bad input gets {message, additional_context, code}, never a 500', () => {
  it.each([
    ['POST', '', { name: 42 }, 'name'],
    ['POST', '', { name: 'x', placements: [{ key: 'k', content: 'no' }] }, 'placements[0].content'],
    [
      'POST',
      '',
      {
        name: 'x',
        placements: [
          { key: 'k', content: [] },
          { key: 'k', content: [] },
        ],
      },
      'placements',
    ],
    ['POST', '', { name: 'x', colour: 'red' }, 'colour'],
    ['POST', '', { allowed_origins: ['https://a.example'] }, 'name'],
    ['PUT', 'ID', { name: '' }, 'name'],
    ['PUT', 'ID/express', { payment_methods: [{ method: 'card' }] }, 'payment_methods[0].provider'],
    ['PUT', 'ID/express', { ...express, push_url: 'not a url' }, 'push_url'],
    ['PATCH', 'ID/express', [1, 2], '(body)'],
    ['PUT', 'ID/allowed-origins', { allowed_origins: 'https://a.example' }, 'allowed_origins'],
    ['PATCH', 'ID/add-allowed-origins', { allowed_origins: [7] }, 'allowed_origins[0]'],
    ['PATCH', 'ID/add-allowed-origins', {}, 'allowed_origins'],
  ])('%s %s %j → 400 ARGUMENT_NOT_VALID on %s', async (m, p, body, field) => {
    const c = await createClient();
    const r = await call(m, `${BASE}${p.replace('ID', c.id)}`, body);
    expect([r.status, r.body.code]).toEqual([400, 'ARGUMENT_NOT_VALID']);
    expect(r.body.additional_context.map((x: { field: string }) => x.field)).toContain(field);
    expect(typeof r.body.message).toBe('string');
  });

  it('refuses malformed JSON, a wrong content type, an empty body, an oversized body and a bad page query', async () => {
    const c = await createClient();
    const cases = [
      [await call('POST', BASE, '{nope'), 400],
      [await call('PUT', `${BASE}${c.id}`, '{}', { 'content-type': 'text/plain' }), 415],
      [await call('PUT', `${BASE}${c.id}/express`, ''), 400],
      [{ ...(await t.app.handle({ ...req('POST', BASE), bodyTooLarge: true })) }, 413],
      [await call('GET', `${BASE}?page_size=0`), 400],
      [await call('GET', `${BASE}?cursor=garbage`), 400],
    ] as const;
    for (const [r, status] of cases) {
      const body = typeof r.body === 'string' ? JSON.parse(r.body) : r.body;
      expect([r.status, body.code]).toEqual([status, 'ARGUMENT_NOT_VALID']);
    }
  });

  it('names the body in additional_context when it is not JSON or missing (found by tools/fuzz.mjs)', async () => {
    const c = await createClient();
    const contextOf = (r: Awaited<ReturnType<typeof call>>) => r.body.additional_context;
    expect(contextOf(await call('POST', BASE, '{nope'))).toEqual([
      { field: '(body)', message: expect.stringMatching(/^is not valid JSON \(/) },
    ]);
    expect(contextOf(await call('PUT', `${BASE}${c.id}/express`, ''))).toEqual([
      { field: '(body)', message: 'a JSON body is required' },
    ]);
  });

  it('answers 401, 404 and 405 in the elements shape', async () => {
    const none = await call('GET', BASE, undefined, { authorization: '' });
    expect([none.status, none.body.code, none.headers['WWW-Authenticate']]).toEqual([
      401,
      'UNAUTHORIZED',
      'Basic realm="Checkout Simulator"',
    ]);
    const wrong = await call('GET', BASE, undefined, { authorization: basic('merchant', 'nope') });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'wrong username or password']);
    const nowhere = await call('GET', '/elements/v1/nowhere');
    expect([nowhere.status, nowhere.body.code, nowhere.body.additional_context]).toEqual([
      404,
      'NOT_FOUND',
      [],
    ]);
    const method = await call('DELETE', BASE);
    expect([method.status, method.body.code, method.headers.allow]).toEqual([
      405,
      'METHOD_NOT_ALLOWED',
      'POST, GET, HEAD',
    ]);
  });
});

describe('exchange log', () => {
  it('records every exchange with its kind and no order id', async () => {
    const c = await createClient();
    await call('PATCH', `${BASE}${c.id}/add-allowed-origins`, { allowed_origins: ['https://x.example'] });
    await call('GET', `${BASE}nope`);
    const log = await t.env.core.exchanges.list({ ascending: true });
    expect(log.map((e) => [e.kind, e.status, e.order_id, e.outcome])).toEqual([
      ['elements.client.create', 201, null, 'created'],
      ['elements.origins.add', 200, null, null],
      ['elements.client.read', 404, null, 'CLIENT_NOT_FOUND'],
    ]);
  });
});
