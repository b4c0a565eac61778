import { afterEach, describe, expect, it } from 'vitest';
import { apiReq } from '../../test-kit/ipp-elements-kit';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';
import { providerApp } from './provider-app';

// Tests read answered JSON freely; the shapes are asserted by the expectations themselves.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let env: ShippingEnv;
afterEach(() => env?.close());

const call = async (method: string, target: string, body?: unknown) => {
  const r = await providerApp(env.core).handle(apiReq(method, target, body));
  const text = r.body ?? '';
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // XML downloads
  }
  return { status: r.status, body: json as Json, text, headers: r.headers ?? {} };
};
const step = (name: string, body: unknown = {}) =>
  call('POST', `/test_helpers/checkout/orders/${env.id}/${name}`, body);

describe('shipping assistant settings', () => {
  it('GET masks the key; PUT changes some settings and refuses unknown keys and bad values', async () => {
    env = await shippingEnv();
    const got = await call('GET', '/test_helpers/settings/shipping_assistant');
    expect(got.body).toEqual({
      enabled: true,
      built_in: false,
      base_url: env.tms.base,
      identifier: 'stub-merchant',
      key: '••••6789',
      timeout_ms: 1000,
      tracking_poll_interval_s: 900,
      configured: true,
      problem: null,
    });
    // Sending the masked key back keeps the key.
    const put = await call('PUT', '/test_helpers/settings/shipping_assistant', {
      ...got.body,
      timeout_ms: 2500,
      configured: undefined,
      problem: undefined,
    });
    expect([put.status, put.body.timeout_ms, put.body.key]).toEqual([200, 2500, '••••6789']);
    expect(env.core.shipping.settings.get().key).toBe('stub-key-0123456789');
    const bad = await call('PUT', '/test_helpers/settings/shipping_assistant', {
      base_url: 'ftp://x',
      timeout_ms: 0,
      typo: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^base_url: must be an http/),
        expect.stringMatching(/^timeout_ms:/),
        expect.stringMatching(/typo/),
      ]),
    );
    const off = await call('PUT', '/test_helpers/settings/shipping_assistant', { enabled: true, key: '' });
    expect([off.body.configured, off.body.problem]).toEqual([
      false,
      'key is not set: enter the key the integrator issued',
    ]);
  });

  it('the one switch turns it on against the built-in integrator, with its credentials', async () => {
    env = await shippingEnv({ integrator: 'fake' });
    env.core.shipping.settings.update({ enabled: false, base_url: 'http://elsewhere.test' });
    const r = await call('POST', '/test_helpers/settings/shipping_assistant/built_in');
    const { identifier, key } = env.core.integrator.credentials();
    expect(r.body).toMatchObject({
      enabled: true,
      built_in: true,
      identifier,
      key: `••••${key.slice(-4)}`,
      configured: true,
    });
    expect(r.body.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await env.core.control.invoke('shipping.settings.get', {})).toEqual(r.body);
  });
});

describe('a purchase against the built-in fake integrator, over the automation API', () => {
  it('preview after the country, valid after the address, a pickup point and an add-on, pay, tracking', async () => {
    env = await shippingEnv({ integrator: 'fake' });
    const country = await step('country', { country: 'SE' });
    expect(country.body.outcome).toBe('applied');
    let s = env.session();
    expect(s.state.shipping).toMatchObject({ source: 'integrator', request: 'preview' });
    expect(s.state.shipping_options.length).toBeGreaterThan(2);
    expect(s.state.shipping_options.every((o) => o.preview === true)).toBe(true);
    await step('address', { billing_address: FULL_ADDRESS });
    s = env.session();
    expect(s.state.shipping?.request).toBe('full');
    const point = s.state.shipping_options.find((o) => o.type === 'pickup-point')!;
    expect(point.preview).toBe(false);
    const search = await step('pickup_search', { postal_code: '41105' });
    expect(search.body.outcome).toBe('applied');
    expect(search.body.locations_found[point.id]).toBeGreaterThan(0);
    const merged = env.session().state.shipping_options.find((o) => o.id === point.id)!.locations as {
      id: string;
      address: { postal_code: string };
    }[];
    expect(merged[0]!.address.postal_code).toBe('41105');
    // The fake re-validates a shipment's location against the recipient's address, so the customer
    // picks one near the address here (a location from the search is refused by the fake: see the report).
    const near = (point.locations as { id: string }[])[0]!;
    const smsOrEmail = (point.addons as { type: string; required?: boolean }[]).find((a) => !a.required)!;
    const picked = await step('shipping_option', {
      id: point.id,
      location_id: near.id,
      addons: [{ type: smsOrEmail.type, data: { text: '+46701234567', selected: true } }],
    });
    expect(picked.status).toBe(200);
    const paid = await step('complete');
    expect({ outcome: paid.body.outcome, why: paid.body.error_text }).toEqual({
      outcome: 'completed',
      why: null,
    });
    const sel = paid.body.order.selected_shipping_option;
    expect(sel.tms_reference).toMatch(/^shp_/);
    expect(sel.delivery_details).toMatchObject({
      carrier: point.carrier,
      pickup_location: { id: near.id },
      product: { name: expect.any(String), identifier: expect.any(String) },
    });
    expect(sel.selected_addons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: smsOrEmail.type,
          user_input: '+46701234567',
          external_id: expect.any(String),
        }),
      ]),
    );
    // Order management answers the same choice in its own shape (method, carrier, location, … at the top).
    const om = (await call('GET', `/ordermanagement/v1/orders/${env.id}`)).body.selected_shipping_option;
    expect(om).toEqual({
      id: point.id,
      name: point.name,
      method: 'PickUpPoint',
      type: 'pickup-point',
      carrier: point.carrier,
      ...(point.class !== undefined ? { class: point.class } : {}),
      price: sel.price,
      tax_amount: sel.tax_amount,
      tax_rate: sel.tax_rate,
      location: { id: near.id, name: sel.delivery_details.pickup_location.name, address: expect.any(Object) },
      carrier_product: sel.delivery_details.product,
      tms_reference: sel.tms_reference,
      selected_addons: sel.selected_addons,
    });
    expect(om.location.address.postal_code).toBe(sel.delivery_details.pickup_location.address.postal_code);
    const pending = await call('GET', `/test_helpers/checkout/orders/${env.id}/shipment`);
    expect(pending.body).toMatchObject({ shipment_id: sel.tms_reference, status: 'polling' });
    await call('POST', '/test_helpers/clock/advance', { seconds: 3 * 3600 });
    const tracked = await call('GET', `/test_helpers/checkout/orders/${env.id}/shipment`);
    expect(tracked.body.status).toBe('complete');
    expect(tracked.body.shipments.every((x: { tracking_id: string }) => x.tracking_id !== '')).toBe(true);
    const fakeSide = (await env.core.exchanges.list({ orderId: env.id, ascending: true })).filter(
      (e) => e.direction === 'in' && e.kind.startsWith('integrator.'),
    );
    expect(fakeSide.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        'integrator.shippingoptions',
        'integrator.shipment_create',
        'integrator.shipment_read',
      ]),
    );
  });

  it('pickup search without integrator options is a 409 naming why', async () => {
    env = await shippingEnv();
    env.core.shipping.settings.update({ enabled: false });
    const r = await step('pickup_search', { postal_code: '41105' });
    expect([r.status, r.body.error_code]).toEqual([409, 'PICKUP_SEARCH_UNAVAILABLE']);
  });
});

describe('conformance run over the automation API', () => {
  it('answers 201 with the scorecard, lists runs, and downloads JSON and JUnit XML', async () => {
    env = await shippingEnv({ integrator: 'fake' });
    const { identifier, key } = env.core.integrator.credentials();
    const base = env.core.shipping.settings.view().base_url;
    const run = await call('POST', '/test_helpers/integrator/conformance', {
      base_url: base,
      identifier,
      key,
    });
    expect(run.status).toBe(201);
    expect([run.body.failed, run.body.skipped, run.body.passed]).toEqual([0, 0, run.body.rules.length]);
    expect(run.headers.Location).toBe(`/test_helpers/integrator/conformance/${run.body.run_id}`);
    const list = await call('GET', '/test_helpers/integrator/conformance');
    expect(list.body.runs).toEqual([expect.objectContaining({ run_id: run.body.run_id, failed: 0 })]);
    expect((await call('GET', run.headers.Location!)).body).toEqual(run.body);
    const json = await call('GET', `${run.headers.Location}.json`);
    expect([json.headers['Content-Type'], json.headers['Content-Disposition']]).toEqual([
      'application/json; charset=utf-8',
      `attachment; filename="${run.body.run_id}.json"`,
    ]);
    expect(json.body).toEqual(run.body);
    const xml = await call('GET', `${run.headers.Location}.xml`);
    expect(xml.headers['Content-Type']).toBe('application/xml; charset=utf-8');
    expect(xml.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="Shipping integrator conformance" tests="23" failures="0" skipped="0"/,
    );
    expect(xml.text.match(/<testcase /g)).toHaveLength(23);
    const missing = await call('GET', '/test_helpers/integrator/conformance/conf_nope.xml');
    expect(missing.status).toBe(404);
    // A line break in the id (found by tools/fuzz.mjs) answered 500.
    expect((await call('GET', '/test_helpers/integrator/conformance/a%0D%0Ab')).status).toBe(404);
    expect((await call('GET', '/test_helpers/integrator/conformance/a%0A.xml')).status).toBe(404);
    const bad = await call('POST', '/test_helpers/integrator/conformance', { base_url: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^base_url:/),
        'identifier: is required',
        'key: is required',
      ]),
    );
  });

  it('the JUnit XML names the failing rule, its message and spec reference', async () => {
    env = await shippingEnv({ integrator: 'fake' });
    env.core.integrator.faults.set({ shipment_create: { missing_location: true } });
    const { identifier, key } = env.core.integrator.credentials();
    const run = await call('POST', '/test_helpers/integrator/conformance', {
      base_url: env.core.shipping.settings.view().base_url,
      identifier,
      key,
    });
    const xml = (await call('GET', `/test_helpers/integrator/conformance/${run.body.run_id}.xml`)).text;
    expect(xml).toMatch(
      /<testcase classname="integrator\.shipment" name="shipment\.create\.location: POST \/shipment sends Location: \{base_url\}\/shipment\/&lt;shipment_id&gt;">\n {6}<failure message="POST \/shipment answered 201 without a Location header;/,
    );
    expect(xml).toContain(
      'type="shipping-integrator-api.md § POST /shipment (the shipment id and the Location header confirm the shipment)"',
    );
  });
});
