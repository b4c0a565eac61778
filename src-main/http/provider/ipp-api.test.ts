import { describe, expect, it } from 'vitest';
import { basic } from '../../test-kit/temp-core';
import { apiReq as req, bodyOf, providerAppPerTest, sampleSession } from '../../test-kit/ipp-elements-kit';

const t = providerAppPerTest();

const DEVICE = 'device-counter-1';
const PROBLEM = 'application/problem+json';
async function call(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const r = await t.app.handle(req(method, path, body, headers));
  return { status: r.status, headers: r.headers ?? {}, body: r.body ? bodyOf(r) : null };
}
const createSession = async (over: Record<string, unknown> = {}) =>
  (await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE, over))).body;

/** Checks an RFC 7807 problem and returns its body. */
function expectProblem(r: Awaited<ReturnType<typeof call>>, status: number, type: string) {
  expect(r.status).toBe(status);
  expect(r.headers['Content-Type']).toBe(PROBLEM);
  expect(r.body).toMatchObject({ type: `urn:checkout-sim:problem:${type}`, status });
  expect(typeof r.body.title).toBe('string');
  expect(typeof r.body.detail).toBe('string');
  return r.body;
}

describe('devices', () => {
  it('lists the two sample devices', async () => {
    const r = await call('GET', '/ipp/v1/devices');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      content: [
        {
          id: 'device-counter-1',
          name: 'Counter 1',
          platform: 'android',
          location_id: 'store-main',
          metadata: {},
        },
        { id: 'device-pop-up-stand', name: 'Pop-up stand', platform: 'ios', location_id: null, metadata: {} },
      ],
      page_size: 20,
      next_cursor: null,
    });
  });

  it('pages with page_size and cursor, devices added from the console included', async () => {
    const added = t.env.core.ipp.devices.add({ name: 'Kiosk', platform: 'other', metadata: { floor: 2 } });
    const p1 = (await call('GET', '/ipp/v1/devices?page_size=2')).body;
    expect(p1.content.map((d: { id: string }) => d.id)).toEqual([DEVICE, 'device-pop-up-stand']);
    const p2 = (await call('GET', `/ipp/v1/devices?page_size=2&cursor=${p1.next_cursor}`)).body;
    expect(p2).toEqual({ content: [added], page_size: 2, next_cursor: null });
    expectProblem(await call('GET', '/ipp/v1/devices?page_size=500'), 400, 'validation-failed');
    const bad = expectProblem(await call('GET', '/ipp/v1/devices?cursor=x'), 400, 'validation-failed');
    expect(Object.keys(bad.errors)).toEqual(['cursor']);
  });

  it('PUT replaces name, metadata and location (left out = cleared)', async () => {
    const r = await call('PUT', `/ipp/v1/devices/${DEVICE}`, {
      name: 'Till A',
      metadata: { lane: 'A' },
      location_id: 'loc-9',
    });
    expect(r.body).toEqual({
      id: DEVICE,
      name: 'Till A',
      platform: 'android',
      location_id: 'loc-9',
      metadata: { lane: 'A' },
    });
    const cleared = await call('PUT', `/ipp/v1/devices/${DEVICE}`, { name: 'Till A' });
    expect(cleared.body).toMatchObject({ location_id: null, metadata: {} });
  });

  it.each([
    [{ name: 5 }, 'name'],
    [{}, 'name'],
    [{ name: 'x', metadata: [] }, 'metadata'],
    [{ name: 'x', location_id: 3 }, 'location_id'],
    [{ name: 'x', platform: 'ios' }, 'platform'],
  ])('PUT refuses %j naming %s', async (body, field) => {
    const p = expectProblem(await call('PUT', `/ipp/v1/devices/${DEVICE}`, body), 400, 'validation-failed');
    expect(Object.keys(p.errors)).toContain(field);
  });

  it('names a `__proto__` field in errors like any unknown field (found by tools/fuzz.mjs)', async () => {
    const body = { ...sampleSession(DEVICE), ['__proto__']: { polluted: true } };
    const p = expectProblem(await call('POST', '/ipp/v1/sessions', body), 400, 'validation-failed');
    expect(Object.keys(p.errors)).toEqual(['__proto__']);
  });

  it('DELETE deregisters (204); later calls on it 404; busy devices refuse 409', async () => {
    const s = await createSession();
    expectProblem(await call('DELETE', `/ipp/v1/devices/${DEVICE}`), 409, 'device-busy');
    await call('PUT', `/ipp/v1/sessions/${s.session_id}/cancel`);
    const del = await call('DELETE', `/ipp/v1/devices/${DEVICE}`);
    expect([del.status, del.body]).toEqual([204, null]);
    expectProblem(await call('DELETE', `/ipp/v1/devices/${DEVICE}`), 404, 'device-not-found');
    expectProblem(await call('PUT', `/ipp/v1/devices/${DEVICE}`, { name: 'x' }), 404, 'device-not-found');
    const create = expectProblem(
      await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE)),
      400,
      'validation-failed',
    );
    expect(create.errors.device_id).toContain(DEVICE);
    expect((await call('GET', '/ipp/v1/devices')).body.content.map((d: { id: string }) => d.id)).toEqual([
      'device-pop-up-stand',
    ]);
  });
});

describe('sessions', () => {
  it('creates (201 CREATED, Location), reads, cancels', async () => {
    const r = await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE, { merchant_data: '{"till":1}' }));
    expect(r.status).toBe(201);
    const s = r.body;
    expect(s).toMatchObject({
      device_id: DEVICE,
      status: 'CREATED',
      order_amount: 11200,
      purchase_currency: 'SEK',
      merchant_reference1: 'POS-0001',
      merchant_data: '{"till":1}',
      expires_at: '2026-01-01T00:05:00.000Z',
    });
    expect(r.headers.Location).toBe(`http://sim.test/ipp/v1/sessions/${s.session_id}`);
    expect((await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body).toEqual(s);
    const c = await call('PUT', `/ipp/v1/sessions/${s.session_id}/cancel`);
    expect([c.status, c.body.status, c.body.history.at(-1).cause]).toEqual([200, 'CANCELLED', 'api.cancel']);
  });

  it('follows the terminal: GET sees ACTIVE after a wrong PIN and FINALIZED after the tap', async () => {
    const s = await createSession();
    t.env.core.ipp.sessions.wrongPin(s.session_id);
    expect((await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body).toMatchObject({
      status: 'ACTIVE',
      pin_attempts: 1,
    });
    t.env.core.ipp.sessions.tapCard(s.session_id);
    expect((await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body.status).toBe('FINALIZED');
  });

  it.each([
    ['FINALIZED', (id: string) => t.env.core.ipp.sessions.tapCard(id)],
    ['FAILED', (id: string) => t.env.core.ipp.sessions.decline(id)],
    ['CANCELLED', (id: string) => t.env.core.ipp.sessions.walkAway(id)],
    ['EXPIRED', () => t.env.clock.advance(5 * 60_000)],
  ])('cancelling a %s session is refused 409 and changes nothing', async (status, finish) => {
    const s = await createSession();
    finish(s.session_id);
    const before = (await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body;
    expect(before.status).toBe(status);
    const p = expectProblem(
      await call('PUT', `/ipp/v1/sessions/${s.session_id}/cancel`),
      409,
      'session-not-open',
    );
    expect(p.detail).toContain(status);
    expect((await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body).toEqual(before);
  });

  it('refuses a session on a busy device with 409 naming the open session', async () => {
    const first = await createSession();
    const p = expectProblem(
      await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE)),
      409,
      'device-busy',
    );
    expect(p.detail).toContain(first.session_id);
  });

  it('an open session read after the clock passed its expiry is EXPIRED', async () => {
    const s = await createSession();
    t.env.clock.advance(5 * 60_000 + 1);
    const r = (await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body;
    expect([r.status, r.history.at(-1)]).toEqual([
      'EXPIRED',
      expect.objectContaining({ at: '2026-01-01T00:05:00.000Z', cause: 'clock.expiry' }),
    ]);
  });

  it('unknown sessions: GET and cancel answer 404 problems', async () => {
    expectProblem(await call('GET', '/ipp/v1/sessions/nope'), 404, 'session-not-found');
    expectProblem(await call('PUT', '/ipp/v1/sessions/nope/cancel'), 404, 'session-not-found');
  });

  const items = sampleSession(DEVICE).order_items as Record<string, unknown>[];
  it.each([
    ['wrong type', { order_amount: '11200' }, 'order_amount', 'must be of type number, got string'],
    ['missing field', { purchase_currency: undefined }, 'purchase_currency', 'is required'],
    ['bad currency', { purchase_currency: 'kronor' }, 'purchase_currency', 'three-letter'],
    ['no items', { order_items: [] }, 'order_items', 'at least one item'],
    ['unknown field', { tip: 5 }, 'tip', 'is not a known field'],
    [
      'line total off',
      { order_items: [{ ...items[0], total_amount: 6000 }, items[1]] },
      'order_items[0].total_amount',
      'quantity × unit_price',
    ],
    [
      'line tax off',
      { order_items: [items[0], { ...items[1], total_tax_amount: 1 }] },
      'order_items[1].total_tax_amount',
      '±1',
    ],
    [
      'order amount off',
      { order_amount: 11000 },
      'order_amount',
      'sum of order_items[].total_amount (11200)',
    ],
    [
      'tax total off',
      { order_tax_amount: 1000 },
      'order_tax_amount',
      'sum of order_items[].total_tax_amount (1200)',
    ],
    [
      'item without name',
      { order_items: [{ ...items[0], name: undefined }, items[1]] },
      'order_items[0].name',
      'is required',
    ],
    ['empty device', { device_id: '' }, 'device_id', 'must not be empty'],
    ['unknown device', { device_id: 'nope' }, 'device_id', "no device 'nope'"],
  ])('POST refuses %s with a 400 problem naming the field', async (_name, over, field, message) => {
    const p = expectProblem(
      await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE, over)),
      400,
      'validation-failed',
    );
    expect(p.errors[field]).toContain(message);
    expect((await call('POST', '/ipp/v1/sessions', sampleSession(DEVICE))).status).toBe(201);
  });

  it('refuses malformed JSON (400), a wrong content type (415), an oversized body (413)', async () => {
    expectProblem(await call('POST', '/ipp/v1/sessions', '{nope'), 400, 'validation-failed');
    expectProblem(
      await call('POST', '/ipp/v1/sessions', '{}', { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
    );
    const big = await t.app.handle({ ...req('POST', '/ipp/v1/sessions'), bodyTooLarge: true });
    expect([big.status, big.headers?.['Content-Type']]).toEqual([413, PROBLEM]);
    expectProblem(await call('PUT', `/ipp/v1/devices/${DEVICE}`, ''), 400, 'validation-failed');
  });

  it('names the body in errors when it is not JSON or missing (found by tools/fuzz.mjs)', async () => {
    const errorsOf = (r: Awaited<ReturnType<typeof call>>) => r.body.errors;
    expect(errorsOf(await call('POST', '/ipp/v1/sessions', '{nope'))).toEqual({
      '(body)': expect.stringMatching(/^is not valid JSON \(/),
    });
    expect(errorsOf(await call('PUT', `/ipp/v1/devices/${DEVICE}`, ''))).toEqual({
      '(body)': 'a JSON body is required',
    });
  });
});

describe('auth, routes and the exchange log', () => {
  it('answers 401, 404 and 405 as problems', async () => {
    const none = await call('GET', '/ipp/v1/devices', undefined, { authorization: '' });
    expectProblem(none, 401, 'unauthorized');
    expect(none.headers['WWW-Authenticate']).toContain('Basic');
    expectProblem(
      await call('GET', '/ipp/v1/sessions', undefined, { authorization: basic('x', 'y') }),
      401,
      'unauthorized',
    );
    expectProblem(await call('GET', '/ipp/v1/nowhere'), 404, 'not-found');
    const m = expectProblem(await call('GET', '/ipp/v1/sessions'), 405, 'method-not-allowed');
    expect(m.detail).toContain('POST');
  });

  it('leaves the checkout API its own error shape', async () => {
    const r = await call('GET', '/checkout/v3/orders/x', undefined, { authorization: '' });
    expect(r.body.error_code).toBe('UNAUTHORIZED');
    expect((await call('GET', '/nowhere')).body.error_code).toBe('NOT_FOUND');
  });

  it("records every exchange with its kind and outcome, a session's under the session id", async () => {
    const s = await createSession();
    const id = s.session_id as string;
    await call('GET', `/ipp/v1/sessions/${id}`);
    await call('PUT', `/ipp/v1/sessions/${id}/cancel`);
    await call('PUT', `/ipp/v1/sessions/${id}/cancel`);
    await call('GET', '/ipp/v1/devices');
    await call('POST', '/ipp/v1/sessions', { device_id: DEVICE }); // refused: no session, no id
    const log = await t.env.core.exchanges.list({ ascending: true });
    expect(log.map((e) => [e.kind, e.status, e.order_id, e.outcome])).toEqual([
      ['ipp.session.create', 201, id, 'CREATED'],
      ['ipp.session.read', 200, id, 'CREATED'],
      ['ipp.session.cancel', 200, id, 'CANCELLED'],
      ['ipp.session.cancel', 409, id, 'SESSION_NOT_OPEN'],
      ['ipp.device.list', 200, null, null],
      ['ipp.session.create', 400, null, 'VALIDATION_FAILED'],
    ]);
    // The log finds a session's calls by its id, as it finds an order's (GET /test_helpers/exchanges?order_id=).
    const filed = await t.env.core.exchanges.list({ orderId: id, ascending: true });
    expect(filed.map((e) => [e.kind, e.status])).toEqual([
      ['ipp.session.create', 201],
      ['ipp.session.read', 200],
      ['ipp.session.cancel', 200],
      ['ipp.session.cancel', 409],
    ]);
    // A call about an unknown session is filed under the id it asked for.
    await call('GET', '/ipp/v1/sessions/no-such-session');
    const unknown = await t.env.core.exchanges.list({ orderId: 'no-such-session' });
    expect(unknown.map((e) => [e.kind, e.status])).toEqual([['ipp.session.read', 404]]);
  });
});
