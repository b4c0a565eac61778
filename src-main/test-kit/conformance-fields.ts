// The reads behind docs/conformance.md's field rows (test helper of conformance-doc.test.ts): an order
// carrying everything a row can name, read back through the API, and the checks that a row's verdict
// ("returned with meaning", "not simulated", …) implies for each field it names.
import { expect } from 'vitest';
import type { Probe } from './provider-probe';
import { sampleOrder } from './temp-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a read order is whatever the API answered
type Doc = any;

/** What the merchant sends beyond the sample order, so that every field a row names can be answered. */
const FULL = {
  merchant_reference1: 'R-1',
  merchant_reference2: 'R-2',
  merchant_data: '{"cart":7}',
  tags: ['vip'],
  shipping_countries: ['SE', 'NO'],
  billing_countries: ['SE'],
  options: { additional_checkbox: { text: 'News', checked: false, required: false } },
};

/** The value a dotted path (`a.b`, `refunds[].c`: each element's) leads to; undefined when absent. */
export function valuesAt(doc: Doc, path: string): unknown[] {
  return path.split('.').reduce<unknown[]>(
    (at, part) =>
      at.flatMap((v: Doc) => {
        const each = part.endsWith('[]');
        const value = v?.[each ? part.slice(0, -2) : part];
        return each ? (Array.isArray(value) ? value : []) : [value];
      }),
    [doc],
  );
}

/** A checkout order purchased with every field sent (its read answer) and order management's read of it. */
export async function fullOrders(p: Probe): Promise<{ checkout: Doc; om: Doc }> {
  const om = await p.purchased(FULL);
  const id = om.split('/').pop()!;
  await p.call('POST', `${om}/shipping-info`, { shipping_info: [{ tracking_number: 'T1' }] });
  await p.call('POST', `${om}/captures`, { captured_amount: 2000 });
  await p.call('POST', `${om}/refunds`, { refunded_amount: 100 });
  return {
    checkout: (await p.call('GET', `/checkout/v3/orders/${id}`)).body,
    om: (await p.call('GET', om)).body,
  };
}

/** The check a verdict implies for one field of `doc` (the read of an order sent without that field). */
export const VERDICT_CHECKS: Record<string, (p: Probe, doc: Doc, field: string) => Promise<void>> = {
  'returned with meaning': async (_p, doc, field) => {
    expect(valuesAt(doc, field).length, field).toBeGreaterThan(0);
    for (const v of valuesAt(doc, field)) expect(v, field).toBeDefined();
  },
  'not simulated': async (_p, doc, field) => {
    // The field's parent is answered (a refund, the payment method), so its absence says something.
    const parent = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : '';
    if (parent) expect(valuesAt(doc, parent.replace(/\[\]$/, '')).filter(Boolean), parent).not.toEqual([]);
    for (const v of valuesAt(doc, field)) expect(v, field).toBeUndefined();
  },
  'not simulated (kept as sent)': async (p, _doc, field) => {
    const sent = { [field]: [{ kept: field }] };
    const id = await p.created(sent);
    const read = (await p.call('GET', `/checkout/v3/orders/${id}`)).body;
    expect(read[field], field).toEqual(sent[field]);
  },
};

/** Rows whose verdict needs more than the generic check: what each one's text says, one call at a time. */
export const FIELD_CHECKS: Record<string, (p: Probe, doc: Doc) => Promise<void>> = {
  '`customer`': async (p, doc) => {
    expect(doc.customer.type).toBe('person');
    const org = await p.created({ customer: { type: 'organization' } });
    expect((await p.call('GET', `/checkout/v3/orders/${org}`)).body.customer.type).toBe('organization');
    const other = await p.call('POST', '/checkout/v3/orders', sampleOrder({ customer: { type: 'robot' } }));
    expect([other.status, other.body.error_messages.join()]).toEqual([
      400,
      expect.stringContaining('customer.type'),
    ]);
  },
  '`options`': async (p) => {
    const options = { color_button: '#FF9900', allowed_customer_types: ['person'] };
    const id = await p.created({ options });
    expect((await p.call('GET', `/checkout/v3/orders/${id}`)).body.options).toMatchObject(options);
  },
  '`merchant_requested`': async (_p, doc) => {
    expect(doc.merchant_requested).toMatchObject({ additional_checkbox: false });
  },
  '`recurring`': async (p, doc) => {
    expect(doc.recurring).toBe(false);
    const id = await p.created({ recurring: true });
    expect((await p.call('GET', `/checkout/v3/orders/${id}`)).body.recurring).toBe(true);
    const wrong = await p.call('POST', '/checkout/v3/orders', sampleOrder({ recurring: 'yes' }));
    expect([wrong.status, wrong.body.error_messages.join()]).toEqual([
      400,
      expect.stringContaining('recurring'),
    ]);
  },
  '`expires_at`': async (p) => {
    const order = (await p.call('GET', `/checkout/v3/orders/${await p.created()}`)).body;
    const hours = (Date.parse(order.expires_at) - Date.parse(order.last_modified_at)) / 3_600_000;
    expect(hours).toBe(48);
  },
  '`selected_shipping_option`': async (_p, doc) => {
    const option = doc.selected_shipping_option;
    expect(option).toMatchObject({ id: 'std', name: 'Standard', method: 'Home', price: 4900 });
    expect(option.shipping_method).toBeUndefined();
    expect(option.preselected).toBeUndefined();
  },
};
