// The calls behind docs/conformance.md's operation rows (test helper of conformance-doc.test.ts): each
// probe makes the requests its row describes and gives back what was answered ("403 NOT_ALLOWED"), for
// the test to compare with the statuses and codes the row states.
import { expect } from 'vitest';
import { outcome, type Answer, type Probe } from './provider-probe';
import { sampleOrder } from './temp-core';

export type Outcomes = (p: Probe) => Promise<string[]>;

const CO = '/checkout/v3/orders';
const URLS = sampleOrder().merchant_urls as Record<string, string>;
const all = (answers: Answer[]) => answers.map(outcome);
const idOf = (omPath: string) => omPath.split('/').pop()!;
const messages = (a: Answer) => (a.body?.error_messages ?? []).join(' | ');

/** With the production TLS rules on for the length of `run`. */
async function withTlsRules<T>(p: Probe, run: () => Promise<T>): Promise<T> {
  p.core.settings.update({ production_tls_rules: true });
  try {
    return await run();
  } finally {
    p.core.settings.update({ production_tls_rules: false });
  }
}

export const CHECKOUT_OPERATIONS: Record<string, Outcomes> = {
  '`POST /checkout/v3/orders` (create)': async (p) => {
    const ok = await p.call('POST', CO, sampleOrder());
    expect(ok.headers.location).toContain(ok.body.order_id);
    const bad = await p.call('POST', CO, sampleOrder({ order_amount: 'x' }));
    expect(messages(bad)).toContain('order_amount');
    const js = await p.call(
      'POST',
      CO,
      sampleOrder({ merchant_urls: { ...URLS, terms: 'javascript:alert(1)' } }),
    );
    expect(messages(js)).toContain('merchant_urls.terms');
    const http = { ...URLS, push: 'http://example.com/push' };
    const plain = await withTlsRules(p, () => p.call('POST', CO, sampleOrder({ merchant_urls: http })));
    expect(messages(plain)).toContain('merchant_urls.push');
    return all([ok, bad, js, plain]);
  },
  '`GET /checkout/v3/orders/{id}`': async (p) =>
    all([await p.call('GET', `${CO}/${await p.created()}`), await p.call('GET', `${CO}/nope`)]),
  '`POST /checkout/v3/orders/{id}` (update)': async (p) => {
    const open = await p.call('POST', `${CO}/${await p.created()}`, sampleOrder());
    const done = await p.call('POST', `${CO}/${idOf(await p.purchased())}`, sampleOrder());
    return all([open, done]);
  },
  '`POST /checkout/v3/orders/{id}/abort`': async (p) => {
    const id = await p.created();
    const abort = await p.call('POST', `${CO}/${id}/abort`);
    expect(abort.body.order_id).toBe(id);
    expect((await p.call('POST', `${CO}/${id}`, sampleOrder())).status).not.toBe(200);
    return all([abort]);
  },
};

export const ORDER_MANAGEMENT_OPERATIONS: Record<string, Outcomes> = {
  '`GET …` (getOrder)': async (p) =>
    all([await p.call('GET', await p.purchased()), await p.call('GET', p.unknownOrder)]),
  '`POST …/acknowledge`': async (p) =>
    all([
      await p.call('POST', `${await p.purchased()}/acknowledge`),
      await p.call('POST', `${p.unknownOrder}/acknowledge`),
    ]),
  '`PATCH …/authorization`': async (p) => {
    const lower = { order_amount: 40000 };
    return all([
      await p.call('PATCH', `${await p.purchased()}/authorization`, lower),
      await p.call('PATCH', `${await p.cancelled()}/authorization`, lower),
    ]);
  },
  '`POST …/extend-authorization-time`': async (p) =>
    all([
      await p.call('POST', `${await p.purchased()}/extend-authorization-time`),
      await p.call('POST', `${await p.cancelled()}/extend-authorization-time`),
    ]),
  '`POST …/release-remaining-authorization`': async (p) =>
    all([
      await p.call('POST', `${(await p.captured()).order}/release-remaining-authorization`),
      await p.call('POST', `${await p.cancelled()}/release-remaining-authorization`),
      await p.call('POST', `${await p.purchased()}/release-remaining-authorization`),
    ]),
  '`PATCH …/merchant-references`': async (p) => {
    const refs = { merchant_reference1: 'R-1' };
    return all([
      await p.call('PATCH', `${await p.purchased()}/merchant-references`, refs),
      await p.call('PATCH', `${await p.cancelled()}/merchant-references`, refs),
    ]);
  },
  '`PATCH …/customer-details`': async (p) => {
    const order = await p.purchased();
    return all([
      await p.call('PATCH', `${order}/customer-details`, { shipping_address: { phone: '+4670' } }),
      await p.call('PATCH', `${order}/customer-details`, { billing_address: { phone: '+4670' } }),
    ]);
  },
  '`POST …/shipping-info`': async (p) => {
    const info = { shipping_info: [{ tracking_number: 'T1' }] };
    return all([
      await p.call('POST', `${await p.purchased()}/shipping-info`, info),
      await p.call('POST', `${p.unknownOrder}/shipping-info`, info),
    ]);
  },
  '`POST …/cancel`': async (p) => {
    const order = await p.purchased();
    const first = await p.call('POST', `${order}/cancel`);
    const again = await p.call('POST', `${order}/cancel`);
    const captured = await p.call('POST', `${(await p.captured()).order}/cancel`);
    return all([first, again, captured]);
  },
  '`POST …/captures`': async (p) => {
    const order = await p.purchased();
    const ok = await p.call('POST', `${order}/captures`, { captured_amount: 1000 });
    expect(ok.headers.location).toContain(ok.headers['capture-id']);
    const over = await p.call('POST', `${order}/captures`, { captured_amount: 10_000_000 });
    return all([ok, over, await p.call('POST', `${p.unknownOrder}/captures`, { captured_amount: 1 })]);
  },
  '`GET …/captures`': async (p) =>
    all([
      await p.call('GET', `${await p.purchased()}/captures`),
      await p.call('GET', `${p.unknownOrder}/captures`),
    ]),
  '`GET …/captures/{capture_id}`': async (p) => {
    const { order, capture } = await p.captured();
    const known = await p.call('GET', capture);
    return all([
      known,
      await p.call('GET', `${order}/captures/nope`),
      await p.call('GET', `${p.unknownOrder}/captures/x`),
    ]);
  },
  '`POST …/captures/{capture_id}/shipping-info`': (p) =>
    captureCall(p, 'POST', '/shipping-info', { shipping_info: [{ tracking_number: 'T2' }] }),
  '`POST …/captures/{capture_id}/trigger-send-out`': (p) => captureCall(p, 'POST', '/trigger-send-out'),
  '`PATCH …/captures/{capture_id}/customer-details`': async (p) => {
    const { capture } = await p.captured();
    const patch = (body: unknown) => p.call('PATCH', `${capture}/customer-details`, body);
    const none = await p.call('PATCH', `${await p.purchased()}/captures/x/customer-details`, {
      billing_address: { email: 'a@b.c' },
    });
    return all([
      await patch({ billing_address: { email: 'user@example.com' } }),
      await patch({ shipping_address: { city: 'X' } }),
      await patch({ billing_address: { email: 'user@example.com' }, shipping_address: { city: 'X' } }),
      await patch({ billing_address: { country: 'NO' } }),
      none,
      await patch({}),
      await patch({ billing_address: { country: 'S1' } }),
      await patch({ billing_address: { country: '' } }),
      await p.call('PATCH', `${capture}x/customer-details`, { billing_address: { email: 'a@b.c' } }),
    ]);
  },
  '`GET …/captures/{capture_id}/extend-due-date-options`': async (p) =>
    all([await p.call('GET', `${(await p.captured()).capture}/extend-due-date-options`)]),
  '`PATCH …/captures/{capture_id}/extend-due-date`': async (p) => {
    const { order, capture } = await p.captured();
    const options = await p.call('GET', `${capture}/extend-due-date-options`);
    const days = { number_of_days: options.body.options[0].number_of_days };
    return all([
      await p.call('PATCH', `${capture}/extend-due-date`, days),
      await p.call('PATCH', `${capture}/extend-due-date`, days),
      await p.call('PATCH', `${order}/captures/nope/extend-due-date`, days),
    ]);
  },
  '`POST …/refunds`': async (p) => {
    const { order } = await p.captured(1000);
    const ok = await p.call('POST', `${order}/refunds`, { refunded_amount: 100 });
    expect(ok.headers.location).toContain(ok.headers['refund-id']);
    const over = await p.call('POST', `${order}/refunds`, { refunded_amount: 5000 });
    return all([ok, over, await p.call('POST', `${p.unknownOrder}/refunds`, { refunded_amount: 1 })]);
  },
  '`GET …/refunds/{refund_id}`': async (p) => {
    const { order } = await p.captured(1000);
    const made = await p.call('POST', `${order}/refunds`, { refunded_amount: 100 });
    return all([
      await p.call('GET', `${order}/refunds/${made.headers['refund-id']}`),
      await p.call('GET', `${order}/refunds/nope`),
      await p.call('GET', `${p.unknownOrder}/refunds/nope`),
    ]);
  },
};

/** A capture's sub-resource: done (204), on an order without captures, and on an unknown capture. */
async function captureCall(p: Probe, method: string, tail: string, body?: unknown): Promise<string[]> {
  const { order, capture } = await p.captured();
  return all([
    await p.call(method, `${capture}${tail}`, body),
    await p.call(method, `${await p.purchased()}/captures/x${tail}`, body),
    await p.call(method, `${order}/captures/nope${tail}`, body),
  ]);
}

export const CALLBACK_ROWS: Record<string, Outcomes> = {
  'callback URLs over plain http': async (p) => {
    const http = { ...URLS, push: 'http://example.com/push' };
    const id = await p.created();
    return withTlsRules(p, async () => {
      const create = await p.call('POST', CO, sampleOrder({ merchant_urls: http }));
      const update = await p.call('POST', `${CO}/${id}`, sampleOrder({ merchant_urls: http }));
      for (const a of [create, update]) expect(messages(a)).toContain('merchant_urls.push');
      return all([create, update]);
    });
  },
};
