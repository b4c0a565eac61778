import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderLine } from '@shared/schemas/checkout-order.schema';
import { cartDiff, changeSource, describeValue, diffLines } from './cart-diff';

// Amounts are shown in the browser's locale; the tests pin one so their text does not depend on the machine.
beforeEach(() => {
  vi.stubGlobal('navigator', { language: 'en-GB' });
  return () => vi.unstubAllGlobals();
});

const line = (over: Partial<OrderLine>): OrderLine => ({
  type: 'physical',
  reference: 'r1',
  name: 'Battery',
  quantity: 1,
  unit_price: 1000,
  tax_rate: 2500,
  total_amount: 1000,
  total_tax_amount: 200,
  ...over,
});

describe('diffLines', () => {
  it('pairs lines by reference and names what changed', () => {
    const before = [line({}), line({ reference: 'r2', name: 'Cable' })];
    const after = [
      line({ quantity: 2, total_amount: 2000, total_tax_amount: 400 }),
      line({ reference: 'r2', name: 'Cable' }),
    ];
    const d = diffLines(before, after);
    expect(d.map((x) => x.kind)).toEqual(['changed', 'same']);
    expect(d[0]!.fields).toEqual(['quantity', 'total_amount', 'total_tax_amount']);
  });

  it('finds added and removed lines; removed ones come last', () => {
    const fee = line({ type: 'shipping_fee', reference: 'ship', name: 'Express' });
    const d = diffLines([line({ reference: 'old' })], [line({}), fee]);
    expect(d.map((x) => [x.kind, (x.after ?? x.before)!.reference])).toEqual([
      ['added', 'r1'],
      ['added', 'ship'],
      ['removed', 'old'],
    ]);
  });

  it('matches lines without a reference by name, and the same line only once', () => {
    const a = line({ reference: undefined, name: 'Gift wrap' });
    const d = diffLines([a], [a, a]);
    expect(d.map((x) => x.kind)).toEqual(['same', 'added']);
  });
});

describe('cartDiff', () => {
  it('splits the changes into lines, totals and other fields, each side in its own currency', () => {
    const d = cartDiff(
      [
        { field: 'purchase_currency', before: 'SEK', after: 'EUR' },
        { field: 'order_amount', before: 50000, after: 4500 },
        {
          field: 'order_lines',
          before: [line({})],
          after: [line({ unit_price: 90, total_amount: 90, total_tax_amount: 18 })],
        },
      ],
      'EUR',
      'country',
    );
    expect(d.lines?.map((l) => l.kind)).toEqual(['changed']);
    expect(d.totals).toEqual([
      { field: 'order_amount', before: 'SEK\u00a0500.00', after: '€45.00', by: 'your server' },
    ]);
    expect(d.fields).toEqual([
      { field: 'purchase_currency', before: 'SEK', after: 'EUR', by: 'your server' },
    ]);
    expect([d.currencyBefore, d.currencyAfter]).toEqual(['SEK', 'EUR']);
  });

  it('keeps order_lines as a plain field when the lines cannot be read', () => {
    const d = cartDiff([{ field: 'order_lines', before: 'x', after: [] }], 'SEK', 'address');
    expect(d.lines).toBeNull();
    expect(d.fields[0]!.field).toBe('order_lines');
  });
});

describe('changeSource', () => {
  it('tells the customer’s input from the merchant’s answer and the checkout’s own changes', () => {
    expect(changeSource('address', 'billing_address')).toBe('customer');
    expect(changeSource('address', 'order_lines')).toBe('your server');
    expect(changeSource('country', 'purchase_country')).toBe('customer');
    expect(changeSource('shipping_option', 'selected_shipping_option')).toBe('customer');
    expect(changeSource('address', 'selected_shipping_option')).toBe('checkout');
    expect(changeSource('complete', 'order_lines')).toBe('checkout');
  });
});

describe('describeValue', () => {
  it('summarises options, addresses and lists', () => {
    const opt = { id: 'a', name: 'Post', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true };
    expect(describeValue('shipping_options', [opt], 'SEK')).toBe('Post SEK\u00a049.00 (preselected)');
    expect(describeValue('selected_shipping_option', opt, 'SEK')).toBe('Post SEK\u00a049.00');
    expect(describeValue('billing_address', { given_name: 'Anna', city: 'Lund' }, 'SEK')).toBe('Anna, Lund');
    expect(describeValue('tags', ['a', 'b'], 'SEK')).toBe('a, b');
    expect(describeValue('locale', null, 'SEK')).toBe('—');
  });
});
