import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTEGRATOR_MEDIA_TYPES, ShippingOptionsResponseSchema } from '@shared/schemas/integrator.schema';
import { authBody, optionsRequest, shipmentRequest } from '../../core/test-kit/integrator-fixtures';
import { tempCore } from '../../test-kit/temp-core';
import type { App } from '../app';
import { integratorApp } from './integrator-app';
import { bodyOf, integratorClient } from '../test-kit/integrator-client';

let env: ReturnType<typeof tempCore>;
let app: App;
let client: ReturnType<typeof integratorClient>;
beforeEach(() => {
  env = tempCore();
  app = integratorApp(env.core);
  client = integratorClient(app, env.core);
});
afterEach(() => env.dispose());

const authType = { 'content-type': INTEGRATOR_MEDIA_TYPES.auth };

describe('POST /auth', () => {
  it('answers 201 with a token for the right digest (upper-case hex too)', async () => {
    const { identifier, key } = env.core.integrator.credentials();
    const r = await client.send('POST', '/auth', authBody(identifier, key, 'n1', true), authType);
    expect(r.status).toBe(201);
    expect(bodyOf(r).token).toMatch(/^[\w-]{40,}$/);
  });

  it('answers 401 with no body for wrong credentials', async () => {
    const { identifier } = env.core.integrator.credentials();
    const r = await client.send('POST', '/auth', authBody(identifier, 'not-the-key'), authType);
    expect(r.status).toBe(401);
    expect(r.body ?? '').toBe('');
    expect(r.headers?.['content-type']).toBeUndefined();
  });

  it.each([
    ['not JSON', '{nope', /^invalid_request: \(body\): is not valid JSON/],
    ['no secret', { identifier: 'sim-merchant' }, /^invalid_request: secret: is required/],
    [
      'a digest that is not hex',
      { identifier: 'a', secret: { nonce: 'n', digest: 'xyz' } },
      /secret\.digest/,
    ],
  ])('answers 400 with failure_reason for %s', async (_name, body, reason) => {
    const r = await client.send('POST', '/auth', body, authType);
    expect(r.status).toBe(400);
    expect(bodyOf(r).failure_reason).toMatch(reason);
  });
});

describe('bearer tokens and media types', () => {
  it('requires a bearer token on every other call; a wrong or expired one gets 401', async () => {
    expect((await client.options(optionsRequest())).status).toBe(401);
    client.setToken('made-up');
    const wrong = await client.options(optionsRequest());
    expect([wrong.status, bodyOf(wrong).failure_reason]).toEqual([
      401,
      expect.stringMatching(/^invalid_token/),
    ]);
    env.core.integrator.updateSettings({ token_ttl_s: 2 });
    await client.auth();
    expect((await client.options(optionsRequest())).status).toBe(200);
    expect((await client.options(optionsRequest())).status).toBe(200); // reused
    env.clock.advance(2_000);
    const old = await client.options(optionsRequest());
    expect([old.status, bodyOf(old).failure_reason]).toEqual([401, expect.stringMatching(/^token_expired/)]);
    expect((await client.read('shp_x')).status).toBe(401);
  });

  it('accepts the vendor type (with charset) and application/json; anything else is 415', async () => {
    await client.auth();
    const vendor = `${INTEGRATOR_MEDIA_TYPES.options}; charset=utf-8`;
    expect((await client.options(optionsRequest(), { 'content-type': vendor })).status).toBe(200);
    expect((await client.options(optionsRequest(), { 'content-type': 'application/json' })).status).toBe(200);
    for (const type of ['text/plain', INTEGRATOR_MEDIA_TYPES.shipment]) {
      const r = await client.options(optionsRequest(), { 'content-type': type });
      expect([r.status, bodyOf(r).failure_reason]).toEqual([
        415,
        expect.stringContaining('unsupported_media_type'),
      ]);
    }
    const none = await client.send('POST', '/auth', '{}', {});
    expect(none.status).toBe(415);
  });

  it('answers 404 and 405 with failure_reason', async () => {
    expect((await client.send('GET', '/nowhere')).status).toBe(404);
    const m = await client.send('DELETE', '/auth');
    expect([m.status, m.headers?.allow]).toEqual([405, 'POST']);
  });
});

describe('POST /shippingoptions', () => {
  beforeEach(() => client.auth());

  it('answers 200 with options matching the spec, the same JSON for the same request', async () => {
    const a = await client.options(optionsRequest());
    const b = await client.options(optionsRequest());
    expect(a.status).toBe(200);
    expect(ShippingOptionsResponseSchema.safeParse(bodyOf(a)).success).toBe(true);
    expect(b.body).toBe(a.body);
  });

  it('answers preview options for a country, valid ones for a full address, locations for a postal code', async () => {
    const preview = bodyOf(await client.options(optionsRequest({ recipient: { country: 'NO' } })));
    expect(preview.shipping_options.every((o: { preview: boolean }) => o.preview)).toBe(true);
    const full = bodyOf(await client.options(optionsRequest()));
    expect(full.shipping_options.every((o: { preview: boolean }) => !o.preview)).toBe(true);
    const search = bodyOf(
      await client.options(optionsRequest({ recipient: { country: 'SE', postal_code: '21119' } })),
    );
    const point = search.shipping_options.find((o: { type: string }) => o.type === 'pickup-point');
    expect(point.locations[0].address.postal_code).toBe('21119');
  });

  it('refuses a request that breaks the schema with 400 naming the field', async () => {
    const r = await client.options(optionsRequest({ session_id: 'x', order: { total_amount: 'a' } }));
    expect(r.status).toBe(400);
    expect(bodyOf(r).failure_reason).toMatch(
      /^invalid_request: session_id: must be a UUID; order\.total_amount/,
    );
  });
});

describe('/shipment', () => {
  beforeEach(() => client.auth());
  const offered = async (id: string) =>
    bodyOf(await client.options(optionsRequest())).shipping_options.find((o: { id: string }) => o.id === id);

  it('POST 201 with Location; PUT 200 same id with Location; GET 200; unknown id 404', async () => {
    const o = await offered('boxly-locker');
    const created = await client.create(shipmentRequest(o));
    expect(created.status).toBe(201);
    const id = bodyOf(created).shipment_id;
    expect(created.headers?.location).toBe(`http://integrator.test/shipment/${id}`);
    const second = await client.create(shipmentRequest(o));
    expect(bodyOf(second).shipment_id).not.toBe(id);
    const updated = await client.update(id, shipmentRequest(await offered('nordpost-ombud')));
    expect([updated.status, bodyOf(updated).shipment_id, updated.headers?.location]).toEqual([
      200,
      id,
      created.headers?.location,
    ]);
    const read = await client.read(id);
    expect([read.status, read.body]).toEqual([200, updated.body]);
    const missing = await client.read('shp_nope');
    expect([missing.status, bodyOf(missing).failure_reason]).toEqual([404, 'shipment_not_found']);
    expect((await client.update('shp_nope', shipmentRequest(o))).status).toBe(404);
  });

  it('answers 400 shipping_option_not_available for an option that is not available', async () => {
    const o = await offered('boxly-locker');
    const r = await client.create(shipmentRequest({ ...o, id: 'gone' }));
    // The field is named, as in every other refusal (found by tools/fuzz.mjs).
    expect([r.status, bodyOf(r)]).toEqual([
      400,
      {
        failure_reason:
          'shipping_option_not_available: selected_shipping_option.id: option gone is not available',
      },
    ]);
  });
});

describe('exchange log', () => {
  it('records every call with its kind, the order id and the bearer token masked', async () => {
    await client.auth();
    await client.options(optionsRequest());
    const o = bodyOf(await client.options(optionsRequest())).shipping_options[0];
    const id = bodyOf(await client.create(shipmentRequest(o))).shipment_id;
    await client.read(id);
    const log = await env.core.exchanges.list({ ascending: true });
    const mine = log.filter((e) => e.kind.startsWith('integrator.'));
    expect(mine.map((e) => [e.kind, e.status, e.order_id])).toEqual([
      ['integrator.auth', 201, null],
      ['integrator.shippingoptions', 200, 'ord-1'],
      ['integrator.shippingoptions', 200, 'ord-1'],
      ['integrator.shipment_create', 201, 'ord-1'],
      ['integrator.shipment_read', 200, 'ord-1'],
    ]);
    expect(mine[1]!.request.headers.authorization).toBe('Bearer ****');
    expect(mine[1]!.direction).toBe('in');
  });

  it('files refused calls under their order too, with the reason as outcome', async () => {
    await client.auth();
    const o = bodyOf(await client.options(optionsRequest())).shipping_options[0];
    await client.create(shipmentRequest({ ...o, id: 'gone' }));
    await client.options(optionsRequest({ currency: 'XXX' }));
    await client.send('POST', '/shippingoptions', '{}', { 'content-type': 'text/plain' });
    const big = await app.handle({
      method: 'POST',
      path: '/auth',
      search: '',
      headers: authType,
      body: null,
      bodyTooLarge: true,
    });
    expect([big.status, bodyOf(big).failure_reason]).toEqual([413, 'request_too_large']);
    const log = (await env.core.exchanges.list({ ascending: true })).slice(-4);
    expect(log.map((e) => [e.status, e.order_id, e.outcome])).toEqual([
      [400, 'ord-1', 'shipping_option_not_available'],
      [400, 'ord-1', 'currency_not_supported'],
      [415, null, 'unsupported_media_type'],
      [413, null, 'request_too_large'],
    ]);
  });
});
