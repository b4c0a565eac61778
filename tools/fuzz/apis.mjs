// The six APIs under fuzz: which routes are theirs, how each answers a refusal ("names the field" in its
// own error shape), and the real resources (orders, captures, devices, clients, …) their routes are aimed
// at, made afresh every round because a fuzz request that happens to be valid may cancel or delete them.
import { createHash, randomUUID } from 'node:crypto';
import { jsonCall } from './client.mjs';

export const BASIC = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

/** Each `path: message` line of the checkout shape names its field first (`(body)` for the body). */
const FIELD_LINE = /^([^\s]+?): \S/;

/** checkout, order management and /test_helpers: `{error_code, error_messages, correlation_id}`. */
const checkoutShape = {
  shapeOk: (b) =>
    typeof b?.error_code === 'string' &&
    Array.isArray(b.error_messages) &&
    typeof b.correlation_id === 'string',
  named(b) {
    if (!this.shapeOk(b) || b.error_messages.length === 0) return null;
    const paths = b.error_messages.map((m) => FIELD_LINE.exec(String(m))?.[1]);
    return paths.every(Boolean) ? paths : null;
  },
};

/** /ipp: RFC 7807 problems, the fields in `errors{field: message}`. */
const ippShape = {
  shapeOk: (b) => typeof b?.type === 'string' && typeof b.title === 'string' && typeof b.status === 'number',
  named(b) {
    if (!this.shapeOk(b) || !b.errors || typeof b.errors !== 'object') return null;
    const keys = Object.keys(b.errors);
    return keys.length > 0 ? keys : null;
  },
};

/** /elements: `{message, additional_context: [{field, message}], code}`. */
const elementsShape = {
  shapeOk: (b) =>
    typeof b?.message === 'string' && Array.isArray(b.additional_context) && typeof b.code === 'string',
  named(b) {
    if (!this.shapeOk(b) || b.additional_context.length === 0) return null;
    const fields = b.additional_context.map((c) => c?.field);
    return fields.every((f) => typeof f === 'string' && f !== '') ? fields : null;
  },
};

/** The fake integrator: `{failure_reason: "code: path: message; path: message"}`. */
const integratorShape = {
  emptyUnauthorizedOk: true,
  shapeOk: (b) => typeof b?.failure_reason === 'string',
  named(b) {
    if (!this.shapeOk(b)) return null;
    const m = /^[a-z_]+: (.*)$/s.exec(b.failure_reason);
    if (!m) return null;
    const paths = m[1].split('; ').map((part) => FIELD_LINE.exec(part)?.[1]);
    return paths.length > 0 && paths[0] ? paths.filter(Boolean) : null;
  },
};

export function orderTemplate(sample, stub) {
  const cb = (kind) => `${stub}/cb/${kind}?order_id={checkout.order.id}`;
  return {
    ...structuredClone(sample),
    merchant_urls: {
      terms: `${stub}/terms`,
      checkout: `${stub}/checkout`,
      confirmation: `${stub}/confirmation?order_id={checkout.order.id}`,
      push: cb('push'),
      address_update: cb('address_update'),
      country_change: cb('country_change'),
      shipping_option_update: cb('shipping_option_update'),
      validation: cb('validation'),
      notification: cb('notification'),
    },
  };
}

/** Helpers over the provider API for making fixtures. */
function provider(env) {
  const h = { authorization: BASIC };
  const call = (method, path, body) => jsonCall(env.client, method, `${env.api}${path}`, h, body);
  const mustBe = async (status, p) => {
    const r = await p;
    if (r.status !== status)
      throw new Error(`fixture: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const step = (id, name, body) => call('POST', `/test_helpers/checkout/orders/${id}/${name}`, body);
  return {
    call,
    mustBe,
    createOrder: async () => (await mustBe(201, call('POST', '/checkout/v3/orders', env.template))).order_id,
    async addressed() {
      const id = await this.createOrder();
      await mustBe(200, step(id, 'address', { billing_address: env.address }));
      return id;
    },
    async completed() {
      const id = await this.addressed();
      await step(id, 'shipping_option', { id: 'express' });
      const done = await mustBe(200, step(id, 'complete'));
      if (done.outcome !== 'completed') throw new Error(`fixture: completion ${JSON.stringify(done)}`);
      return id;
    },
    device: async () =>
      (
        await mustBe(
          201,
          call('POST', '/test_helpers/ipp/devices', {
            name: `fuzz ${randomUUID().slice(0, 8)}`,
            platform: 'android',
          }),
        )
      ).id,
  };
}

/** A valid order line (a mug at 125.00 with 25 % tax): the fixtures' and the generated bodies' line. */
export const LINE = {
  type: 'physical',
  reference: 'mug',
  name: 'Mug',
  quantity: 1,
  unit_price: 12500,
  tax_rate: 2500,
  total_amount: 12500,
  total_tax_amount: 2500,
};

async function omFixtures(env) {
  const p = provider(env);
  const order = await p.completed();
  const om = `/ordermanagement/v1/orders/${order}`;
  const capture = await p.call('POST', `${om}/captures`, { captured_amount: 1000 });
  const refund = await p.call('POST', `${om}/refunds`, { refunded_amount: 100 });
  const idOf = (r) => r.headers?.location?.split('/').pop() ?? 'none';
  return { order_id: [order], capture_id: [idOf(capture)], refund_id: [idOf(refund)] };
}

async function ippFixtures(env) {
  const p = provider(env);
  const busy = await p.device();
  const free = await p.device();
  const body = {
    device_id: busy,
    order_amount: 12500,
    order_tax_amount: 2500,
    purchase_currency: 'SEK',
    order_items: [LINE],
  };
  const session = await p.mustBe(201, p.call('POST', '/ipp/v1/sessions', body));
  return { id: [busy, free], device_id: [free], session_id: [session.session_id] };
}

async function elementsFixtures(env) {
  const p = provider(env);
  const client = await p.mustBe(201, p.call('POST', '/elements/v1/clients', { name: 'fuzz client' }));
  return { clientId: [client.id ?? client.client_id] };
}

/** What a valid /test_helpers request may have changed: the settings, faults and clock, put back. */
async function resetSettings(p) {
  await p.mustBe(200, p.call('PUT', '/test_helpers/settings', SETTINGS));
  await p.mustBe(200, p.call('PUT', '/test_helpers/merchant_faults', {}));
  await p.mustBe(200, p.call('PUT', '/test_helpers/integrator/faults', {}));
  await p.mustBe(200, p.call('PUT', '/test_helpers/settings/shipping_assistant', { enabled: false }));
  await p.mustBe(200, p.call('PUT', '/test_helpers/clock', { mode: 'real', speed: 1 }));
}

const SETTINGS = {
  callback_timeout_ms: 10_000,
  production_tls_rules: false,
  upsell_enabled: true,
  confirmation_arrival: 'redirect_first',
  checkout_frame_origins: [],
};

async function helperFixtures(env) {
  const p = provider(env);
  await resetSettings(p);
  const [incomplete, addressed, completed] = [
    await p.createOrder(),
    await p.addressed(),
    await p.completed(),
  ];
  const log = await p.call('GET', `/test_helpers/exchanges?order_id=${completed}`);
  const exchanges = log.body?.exchanges ?? [];
  const out = exchanges.find((x) => x.direction === 'out') ?? exchanges[0];
  const inbound = exchanges.find((x) => x.direction === 'in');
  const ipp = await ippFixtures(env);
  const el = await elementsFixtures(env);
  return {
    order_id: [incomplete, addressed, completed],
    exchange_id: [out?.id, inbound?.id].filter(Boolean),
    device_id: ipp.id,
    session_id: ipp.session_id,
    client_id: el.clientId,
    run: env.runIds.length > 0 ? env.runIds : ['none'],
    action: ['tap_card', 'wrong_pin', 'decline', 'walk_away'],
    endpoint: ['auth', 'shippingoptions', 'shipment_create', 'shipment_update', 'shipment_read'],
  };
}

/** A valid /shippingoptions request for the fake integrator. */
export function optionsRequest() {
  return {
    session_id: randomUUID(),
    locale: 'sv-SE',
    currency: 'SEK',
    geoblocking: false,
    recipient: {
      given_name: 'Test',
      family_name: 'Person',
      street_address: 'Sveavägen 46',
      postal_code: '11134',
      city: 'Stockholm',
      country: 'SE',
    },
    order: {
      id: randomUUID(),
      total_amount: 12500,
      total_tax: 2500,
      lines: [
        {
          type: 'physical',
          reference: 'mug',
          quantity: 1,
          unit_price: 12500,
          tax_rate: 2500,
          total_tax_amount: 2500,
          total_price_including_tax: 12500,
          attributes: { weight: 500 },
        },
      ],
    },
  };
}

async function integratorFixtures(env) {
  const creds = (
    await jsonCall(env.client, 'GET', `${env.api}/test_helpers/integrator/settings`, { authorization: BASIC })
  ).body;
  const nonce = randomUUID();
  const digest = createHash('sha256')
    .update(nonce + creds.key)
    .digest('hex');
  const auth = await jsonCall(
    env.client,
    'POST',
    `${env.integrator}/auth`,
    {},
    { identifier: creds.identifier, secret: { nonce, digest } },
  );
  if (auth.status !== 201)
    throw new Error(`fixture: integrator auth ${auth.status} ${JSON.stringify(auth.body)}`);
  const bearer = { authorization: `Bearer ${auth.body.token}` };
  const request = optionsRequest();
  const options = await jsonCall(env.client, 'POST', `${env.integrator}/shippingoptions`, bearer, request);
  const chosen =
    options.body?.shipping_options?.find((o) => !o.location && !o.timeslots) ??
    options.body?.shipping_options?.[0];
  const shipment = chosen
    ? await jsonCall(env.client, 'POST', `${env.integrator}/shipment`, bearer, {
        ...request,
        selected_shipping_option: { ...chosen, valid: true },
      })
    : null;
  const id = shipment?.headers?.location?.split('/').pop() ?? 'none';
  env.shipmentBody = chosen ? { ...request, selected_shipping_option: { ...chosen, valid: true } } : null;
  return { shipment_id: [id], token: auth.body.token, identifier: creds.identifier, key: creds.key };
}

/** The APIs, each {name, doc, prefix, shape, fixtures(env)}; `doc` names the OpenAPI document. */
export const APIS = [
  {
    name: 'checkout',
    doc: 'provider',
    prefix: '/checkout/',
    shape: checkoutShape,
    fixtures: async (env) => ({ order_id: [await provider(env).createOrder()] }),
  },
  {
    name: 'ordermanagement',
    doc: 'provider',
    prefix: '/ordermanagement/',
    shape: checkoutShape,
    fixtures: omFixtures,
  },
  { name: 'ipp', doc: 'provider', prefix: '/ipp/', shape: ippShape, fixtures: ippFixtures },
  {
    name: 'elements',
    doc: 'provider',
    prefix: '/elements/',
    shape: elementsShape,
    fixtures: elementsFixtures,
  },
  {
    name: 'integrator',
    doc: 'integrator',
    prefix: '/',
    shape: integratorShape,
    fixtures: integratorFixtures,
  },
  {
    name: 'test_helpers',
    doc: 'provider',
    prefix: '/test_helpers/',
    shape: checkoutShape,
    fixtures: helperFixtures,
  },
];
