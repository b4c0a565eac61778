import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bootedSim, SIM_CREDENTIALS } from '../../test-kit/booted-sim';
import { runOn } from '../../test-kit/scenario-env';
import { parseScenario as parseFile } from '../../scenario-runner/scenario-file';
import { publishedSchemaProblems } from '../../test-kit/published-schema';

import { MerchantStub } from '../../test-kit/merchant-stub';
import { SAMPLE_ORDER } from '@shared/samples/samples';
import { addressInput, testPerson } from '@shared/samples/test-people';
import { verdicts } from '../../test-kit/scenario-verdicts';

/** A saved file as the runner reads it, valid against the published JSON Schema too. */
const parseScenario = (yaml: string, name: string) => {
  expect(publishedSchemaProblems(yaml)).toEqual([]);
  return parseFile(yaml, name);
};

const DIR = resolve(import.meta.dirname, '../../../scenarios');
const auth = `Basic ${Buffer.from(`${SIM_CREDENTIALS.username}:${SIM_CREDENTIALS.password}`).toString('base64')}`;

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
});
afterAll(() => sim?.close());

const run = (text: string, file: string, merchantUrl = sim.urls.shop) =>
  runOn(sim, [{ file, text }], { merchantUrl });

/** A call to the simulator's provider API with the merchant's credentials: its status and JSON body. */
const api = (method: string, path: string, body?: unknown) =>
  fetch(`${sim.urls.api}${path}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

/** A customer's address in Sweden, as she types it: the console's first Swedish test person. */
const ANNA = addressInput(testPerson('SE'));

/** The shop's Misbehave page, as a developer switches it. */
async function misbehave(...keys: string[]): Promise<void> {
  const form = new URLSearchParams(keys.map((k) => [k, 'on']));
  const res = await fetch(`${sim.urls.shop}/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** A journey made by running an example against the shop, then saved through the automation API. */
async function saved(example: string, edit = (text: string) => text): Promise<string> {
  const report = await run(edit(readFileSync(resolve(DIR, example), 'utf8')), example);
  expect(report.passed, verdicts(report).join('\n')).toBe(true);
  const id = report.scenarios[0]!.order_id!;
  const res = await fetch(`${sim.urls.api}/test_helpers/checkout/orders/${id}/scenario`, {
    headers: { authorization: auth },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
  return res.text();
}

describe('a saved journey reproduces (issue #27 point 2)', () => {
  it('passes against the same shop, and fails naming the expectation once the shop never acknowledges', async () => {
    const yaml = await saved('push-acknowledged.yaml');
    const scenario = parseScenario(yaml, 'saved.yaml');
    expect(scenario.order?.from_merchant?.[0]).toEqual({
      method: 'POST',
      path: '/cart/lines',
      form: { product: 'enamel-mug', action: 'add' },
    });
    expect(scenario.steps).toContainEqual({ complete: { arrival: 'push_only' } });
    expect(scenario.steps).toContainEqual({ advance: '2m' });
    expect(scenario.expect).toContainEqual({ acknowledged: { within: '1s' } });
    expect(yaml).toMatch(/# seen: push attempt 1 answered 200 at \+2m/);

    const again = await run(yaml, 'saved.yaml');
    expect(again.passed, verdicts(again).join('\n')).toBe(true);

    await misbehave('neverAcknowledge');
    try {
      const changed = await run(yaml, 'saved.yaml');
      expect(changed.passed).toBe(false);
      const failed = changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.text);
      expect(failed).toContain('acknowledged within 1 s of the first push');
    } finally {
      await misbehave();
    }
  }, 60_000);

  it('a purchase with a country, an address and a shipping option passes again, and fails once address_update answers 500', async () => {
    const yaml = await saved('purchase-repricing-shipping-fee.yaml');
    const scenario = parseScenario(yaml, 'saved.yaml');
    expect(scenario.steps.map((s) => Object.keys(s)[0])).toEqual([
      'country',
      'address',
      'shipping_option',
      'complete',
    ]);
    expect(scenario.expect).toContainEqual({ callback: { name: 'address_update', status: '2xx' } });
    const again = await run(yaml, 'saved.yaml');
    expect(again.passed, verdicts(again).join('\n')).toBe(true);

    await misbehave('failAddress');
    try {
      const changed = await run(yaml, 'saved.yaml');
      const failed = changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.text);
      expect(failed.join('\n')).toMatch(/address_update/);
    } finally {
      await misbehave();
    }
  }, 60_000);

  it('holds the settings the steps ran under, though the run gave them back', async () => {
    const yaml = await saved('push-acknowledged.yaml', (t) =>
      t.replace('\nsteps:', '\nsettings: { callback_timeout_ms: 3000 }\nsteps:'),
    );
    expect(parseScenario(yaml, 'saved.yaml').settings).toEqual({ callback_timeout_ms: 3000 });
    expect(yaml).toContain('# the settings the steps ran under');
    const again = await run(yaml, 'saved.yaml');
    expect(again.passed, verdicts(again).join('\n')).toBe(true);
  }, 60_000);

  it('the shop shipping (its capture) 18 hours later, a fraud review resolved, pushes under faults, pass again', async () => {
    for (const example of [
      'capture-within-24h.yaml',
      'fraud-review-notification.yaml',
      'duplicate-push.json',
    ]) {
      const yaml = await saved(example);
      const again = await run(yaml, example);
      expect(again.passed, `${yaml}\n${verdicts(again).join('\n')}`).toBe(true);
      if (example === 'duplicate-push.json')
        expect(parseScenario(yaml, example).faults).toEqual({
          duplicate_push: true,
          push_after_ack: true,
          push_unknown_order: true,
        });
    }
  }, 60_000);

  it('a journey clicked through by hand (the shop’s pages, /test_helpers steps, the clock moved) passes again', async () => {
    // The visitor puts two mugs in the cart and opens the checkout page: the shop creates the order.
    let cookie = '';
    for (let i = 0; i < 2; i++) {
      const added = await fetch(`${sim.urls.shop}/cart/lines`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: 'product=enamel-mug&action=add',
        redirect: 'manual',
      });
      cookie ||= (added.headers.get('set-cookie') ?? '').split(';')[0]!;
    }
    const page = await (await fetch(`${sim.urls.shop}/checkout`, { headers: { cookie } })).text();
    const listed = (await api('GET', '/test_helpers/checkout/orders?limit=50')).body as {
      orders: { order_id: string }[];
    };
    const id = listed.orders.find((o) => page.includes(o.order_id))!.order_id;
    expect((await api('PUT', '/test_helpers/clock', { mode: 'manual' })).status).toBe(200);
    const sv = ANNA;
    expect(
      (await api('POST', `/test_helpers/checkout/orders/${id}/address`, { billing_address: sv })).status,
    ).toBe(200);
    const paid = await api('POST', `/test_helpers/checkout/orders/${id}/complete`, { arrival: 'push_only' });
    expect(paid.body.outcome).toBe('completed');
    expect((await api('POST', '/test_helpers/clock/advance', { seconds: 150 })).status).toBe(200);

    const res = await fetch(`${sim.urls.api}/test_helpers/checkout/orders/${id}/scenario`, {
      headers: { authorization: auth },
    });
    const yaml = await res.text();
    const scenario = parseScenario(yaml, 'clicked.yaml');
    expect(scenario.order?.from_merchant).toHaveLength(3);
    expect(scenario.steps).toEqual([
      { address: { billing_address: sv } },
      { complete: { arrival: 'push_only' } },
      { advance: '2m' },
    ]);
    const again = await run(yaml, 'clicked.yaml');
    expect(again.passed, `${yaml}\n${verdicts(again).join('\n')}`).toBe(true);
    await api('PUT', '/test_helpers/clock', { mode: 'real' });
  }, 60_000);

  it('an order another merchant created passes again against that merchant, and fails once it answers push with 500', async () => {
    const stub = await new MerchantStub().start();
    try {
      const merchant_urls = {
        terms: 'https://example.com/terms',
        checkout: stub.url('/checkout'),
        confirmation: stub.url('/confirmation?order={checkout.order.id}'),
        push: stub.url('/push?order={checkout.order.id}'),
        validation: stub.url('/validation'),
      };
      const created = await api('POST', '/checkout/v3/orders', { ...SAMPLE_ORDER, merchant_urls });
      expect(created.status).toBe(201);
      const id = created.body.order_id as string;
      await api('PUT', '/test_helpers/clock', { mode: 'manual' });
      await api('POST', `/test_helpers/checkout/orders/${id}/address`, {
        billing_address: ANNA,
      });
      await api('POST', `/test_helpers/checkout/orders/${id}/complete`, { arrival: 'push_only' });
      await api('POST', '/test_helpers/clock/advance', { seconds: 8 * 60 });

      const res = await fetch(`${sim.urls.api}/test_helpers/checkout/orders/${id}/scenario`, {
        headers: { authorization: auth },
      });
      const yaml = await res.text();
      const scenario = parseScenario(yaml, 'other.yaml');
      // The file names its merchant: `checkout-sim run FILE` runs against it, not the sample shop.
      expect(scenario.merchant_url).toBe(stub.base);
      const { merchant_urls: _sample, ...sent } = SAMPLE_ORDER as Record<string, unknown>;
      expect(scenario.order?.create).toEqual(sent);
      expect(scenario.order?.merchant_urls).toEqual({
        terms: 'https://example.com/terms',
        checkout: '/checkout',
        confirmation: '/confirmation?order={checkout.order.id}',
        push: '/push?order={checkout.order.id}',
        validation: '/validation',
        // The sample shop's defaults this merchant did not register are removed, not added.
        address_update: null,
        country_change: null,
        shipping_option_update: null,
        notification: null,
      });
      // Never acknowledged: two attempts (+2 min, +7 min) answered 200, at least as many again.
      expect(scenario.expect).toContainEqual({ push_attempts: { at_least: 2 } });
      expect(scenario.expect).toContainEqual({ callback: { name: 'push', status: '2xx' } });
      const again = await run(yaml, 'other.yaml', stub.base);
      expect(again.passed, `${yaml}\n${verdicts(again).join('\n')}`).toBe(true);

      stub.on('/push', { status: 500 });
      const changed = await run(yaml, 'other.yaml', stub.base);
      const failed = changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.text);
      expect(failed).toContain('every push answered 2xx');
    } finally {
      await api('PUT', '/test_helpers/clock', { mode: 'real' });
      await stub.stop();
    }
  }, 60_000);
});
