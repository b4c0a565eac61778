import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { apiClient } from '../../../test-kit/after-purchase-env';
import { FULL_ADDRESS } from '../../../test-kit/session-env';
import { fakeIntegrator } from '../../../test-kit/shipping-env';
import { sampleOrder, tempCore } from '../../../test-kit/temp-core';
import { appServer, close, listen } from '../../serve';
import { providerApp } from '../provider-app';

/** A core whose provider API and built-in fake integrator listen on loopback sockets; nothing else. */
async function providerEnv() {
  const fake = await fakeIntegrator();
  const env = tempCore(undefined, fake.runtime);
  fake.serve(env.core);
  const server = appServer(providerApp(env.core));
  const api = apiClient(`http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`);
  return {
    ...env,
    api,
    async close() {
      await env.core.shipping.idle();
      await close(server);
      await fake.close();
      await env.dispose();
    },
  };
}

let env: Awaited<ReturnType<typeof providerEnv>>;
afterEach(() => env?.close());

interface ViewOption {
  id: string;
  locations?: { id: string }[];
  timeslots?: { id: string }[];
  addons?: { type: string; required?: boolean }[];
}
const optionsOf = (view: CustomerView) => view.shipping.options as unknown as ViewOption[];

describe('a purchase driven only by the automation API’s answers', () => {
  it('picks a pickup location and a required add-on the customer view lists, and pays', async () => {
    env = await providerEnv();
    expect((await env.api('POST', '/test_helpers/settings/shipping_assistant/built_in')).status).toBe(200);
    const created = await env.api('POST', '/test_helpers/checkout/orders', sampleOrder());
    expect(created.status).toBe(201);
    const id = created.body.order_id as string;
    const address = await env.api('POST', `/test_helpers/checkout/orders/${id}/address`, {
      billing_address: FULL_ADDRESS,
    });
    expect(address.body.outcome).toBe('applied');
    const view = address.body.customer_view as CustomerView;
    expect(view.shipping.source).toBe('integrator');

    // What the console shows (its session read) is what the customer view lists: the same ids.
    const session = await env.api('GET', `/test_helpers/checkout/orders/${id}/session`);
    const idsOf = (options: ViewOption[]) =>
      options.map((o) => ({
        id: o.id,
        locations: (o.locations ?? []).map((l) => l.id),
        timeslots: (o.timeslots ?? []).map((t) => t.id),
        addons: (o.addons ?? []).map((a) => a.type),
      }));
    expect(idsOf(optionsOf(view))).toEqual(idsOf(session.body.state.shipping_options as ViewOption[]));

    // The first option with pickup locations and a required add-on, its second location.
    const option = optionsOf(view).find(
      (o) => (o.locations?.length ?? 0) > 1 && o.addons?.some((a) => a.required),
    )!;
    expect(option).toBeDefined();
    const location = option.locations![1]!.id;
    const required = option.addons!.filter((a) => a.required).map((a) => a.type);
    const picked = await env.api('POST', `/test_helpers/checkout/orders/${id}/shipping_option`, {
      id: option.id,
      location_id: location,
      addons: required.map((type) => ({ type, data: { selected: true } })),
    });
    expect(picked.body.outcome).toBe('applied');
    expect(picked.body.customer_view.shipping.selection).toMatchObject({ location_id: location });
    expect(picked.body.customer_view.selected_shipping_option.id).toBe(option.id);

    const paid = await env.api('POST', `/test_helpers/checkout/orders/${id}/complete`);
    expect([paid.body.outcome, paid.body.customer_view.status]).toEqual(['completed', 'checkout_complete']);
    const om = await env.api('GET', `/test_helpers/orders/${id}`);
    const selected = om.body.order.selected_shipping_option;
    // Order management's shape: the pickup location at the top level (docs/conformance.md).
    expect(selected.location.id).toBe(location);
    expect(selected.selected_addons.map((a: { type: string }) => a.type)).toEqual(
      expect.arrayContaining(required),
    );
  });

  it('shows a digital-only cart its single digital option, with no separate shipping address', async () => {
    env = await providerEnv();
    await env.api('POST', '/test_helpers/settings/shipping_assistant/built_in');
    const line = {
      type: 'digital',
      reference: 'ebook-1',
      name: 'E-book',
      quantity: 1,
      unit_price: 10000,
      tax_rate: 600,
      total_amount: 10000,
      total_tax_amount: 566,
    };
    const created = await env.api(
      'POST',
      '/test_helpers/checkout/orders',
      sampleOrder({
        order_lines: [line],
        order_amount: 10000,
        order_tax_amount: 566,
        options: { allow_separate_shipping_address: true },
      }),
    );
    const id = created.body.order_id as string;
    const step = await env.api('POST', `/test_helpers/checkout/orders/${id}/address`, {
      billing_address: FULL_ADDRESS,
    });
    const view = step.body.customer_view as CustomerView;
    expect(view.shipping.source).toBe('digital');
    expect(view.shipping.options).toHaveLength(1);
    expect(view.shipping.options[0]).toMatchObject({ shipping_method: 'Digital' });
    expect(view.allow_separate_shipping_address).toBe(false);
    expect((await env.api('GET', `/test_helpers/checkout/orders/${id}`)).body).toEqual(view);
  });
});

describe('a terminal payment through the provider API only', () => {
  it('adds a device, sends a session to it, plays the customer and ends FINALIZED in order management', async () => {
    env = await providerEnv();
    const device = await env.api('POST', '/test_helpers/ipp/devices', {
      name: 'Till 3',
      platform: 'android',
      metadata: { lane: 3 },
    });
    expect(device.status).toBe(201);
    const created = await env.api('POST', '/ipp/v1/sessions', {
      device_id: device.body.id,
      order_amount: 12500,
      order_tax_amount: 2500,
      purchase_currency: 'SEK',
      order_items: [
        {
          type: 'physical',
          reference: 'mug',
          name: 'Mug',
          quantity: 1,
          unit_price: 12500,
          tax_rate: 2500,
          total_amount: 12500,
          total_tax_amount: 2500,
        },
      ],
    });
    expect([created.status, created.body.status]).toEqual([201, 'CREATED']);
    const id = created.body.session_id as string;
    const devices = await env.api('GET', '/test_helpers/ipp/devices');
    expect(devices.body.find((d: { id: string }) => d.id === device.body.id).open_session.session_id).toBe(
      id,
    );

    const pin = await env.api('POST', `/test_helpers/ipp/sessions/${id}/wrong_pin`);
    expect([pin.status, pin.body.status]).toEqual([200, 'ACTIVE']);
    const paid = await env.api('POST', `/test_helpers/ipp/sessions/${id}/tap_card`);
    expect(paid.body.status).toBe('FINALIZED');
    expect((await env.api('GET', `/ipp/v1/sessions/${id}`)).body.status).toBe('FINALIZED');
    const history = (await env.api('GET', `/test_helpers/ipp/sessions/${id}`)).body.history;
    expect(history.map((h: { cause: string }) => h.cause)).toEqual([
      'api.create',
      'terminal.wrong_pin',
      'terminal.tap_card',
    ]);
    const om = await env.api('GET', `/test_helpers/orders/${id}`);
    expect([om.status, om.body.order.status, om.body.order.order_amount]).toEqual([200, 'AUTHORIZED', 12500]);

    const again = await env.api('POST', `/test_helpers/ipp/sessions/${id}/decline`, { reason: 'late' });
    expect([again.status, again.body.error_code]).toEqual([409, 'SESSION_NOT_OPEN']);
    const unknown = await env.api('POST', `/test_helpers/ipp/sessions/${id}/shake`);
    expect([unknown.status, unknown.body.error_messages[0]]).toEqual([
      400,
      expect.stringMatching(/^action: /),
    ]);
  });
});

describe('the order list', () => {
  it('pages newest first with a cursor, and filters by the status the console shows', async () => {
    env = await providerEnv();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await env.api('POST', '/test_helpers/checkout/orders', sampleOrder())).body.order_id);
      env.clock.advance(1000);
    }
    await env.api('POST', `/test_helpers/checkout/orders/${ids[1]}/abort`);
    const first = await env.api('GET', '/test_helpers/checkout/orders?limit=2');
    expect(first.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[4], ids[3]]);
    const rest = await env.api(
      'GET',
      `/test_helpers/checkout/orders?limit=10&cursor=${first.body.next_cursor}`,
    );
    expect(rest.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.body.next_cursor).toBeNull();
    const aborted = await env.api('GET', '/test_helpers/checkout/orders?status=aborted');
    expect(aborted.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[1]]);
    const open = await env.api('GET', '/test_helpers/checkout/orders?status=checkout_incomplete&limit=3');
    expect(open.body.orders).toHaveLength(3);
    const more = await env.api(
      'GET',
      `/test_helpers/checkout/orders?status=checkout_incomplete&cursor=${open.body.next_cursor}`,
    );
    expect(more.body).toEqual({ orders: [expect.objectContaining({ order_id: ids[0] })], next_cursor: null });
    expect(await env.core.control.invoke('orders.list', { status: 'aborted' })).toEqual(aborted.body);
    const bad = await env.api('GET', '/test_helpers/checkout/orders?cursor=nonsense');
    expect([bad.status, bad.body.error_messages[0]]).toEqual([400, expect.stringMatching(/^cursor: /)]);
  });
});
