import { describe, expect, it } from 'vitest';
import {
  cartLines,
  countryName,
  hasShipping,
  lineText,
  money,
  payLabel,
  priceOrFree,
  setOrderLocale,
  shippingRow,
} from './format';
import { HOME, view } from '../test-kit/view-fixture';

const NNBSP = '\u202f';

describe('lineText', () => {
  it('writes quantity × unit price and the line total in the currency', () => {
    const v = view();
    expect(lineText(v.order_lines[0]!, 'SEK')).toEqual({
      name: 'Battery Power Pack',
      quantity: '2 × 250.00 SEK',
      total: '500.00 SEK',
      discount: null,
    });
  });

  it('shows the discount and the quantity unit', () => {
    const x = lineText(
      {
        name: 'Coffee',
        quantity: 3,
        quantity_unit: 'kg',
        unit_price: 10000,
        tax_rate: 1200,
        total_amount: 25000,
        total_discount_amount: 5000,
        total_tax_amount: 2679,
      },
      'EUR',
    );
    expect(x.quantity).toBe('3 kg × 100.00 EUR');
    expect(x.discount).toBe('−50.00 EUR discount');
  });
});

describe('amounts', () => {
  it('writes a zero shipping price as Free', () => {
    expect(priceOrFree(0, 'SEK')).toBe('Free');
    expect(priceOrFree(123400, 'SEK')).toBe(`1${NNBSP}234.00 SEK`);
  });

  it('puts the total on the pay button', () => {
    const v = view({ totals: { ...view().totals, total: 53000 } });
    expect(payLabel(v)).toBe('Pay 530.00 SEK');
  });
});

describe('the shipping row', () => {
  it('is a dash without options, and asks for a choice while none is made', () => {
    expect(shippingRow(view())).toBe('—');
    const offered = view({ shipping: { ...view().shipping, options: [HOME] } });
    expect(shippingRow(offered)).toBe('Choose below');
  });

  it('is the fee once an option is selected, Free when it costs nothing', () => {
    const v = view({ selected_shipping_option: HOME, totals: { ...view().totals, shipping: 4900 } });
    expect(shippingRow(v)).toBe('49.00 SEK');
    expect(shippingRow({ ...v, totals: { ...v.totals, shipping: 0 } })).toBe('Free');
  });

  it('shows only for an order that ships', () => {
    expect(hasShipping(view())).toBe(false);
    expect(hasShipping(view({ shipping: { ...view().shipping, options: [HOME] } }))).toBe(true);
    expect(hasShipping(view({ totals: { ...view().totals, shipping: 4900 } }))).toBe(true);
  });

  it('leaves the shipping fee line out of the cart lines', () => {
    const v = view();
    const fee = { ...v.order_lines[0]!, type: 'shipping_fee' as const, name: 'Shipping' };
    expect(cartLines({ ...v, order_lines: [...v.order_lines, fee] }).map((l) => l.name)).toEqual([
      'Battery Power Pack',
    ]);
  });
});

describe('countryName', () => {
  it('names a country in English, and keeps a code it does not know', () => {
    expect(countryName('se')).toBe('Sweden');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ZZ')).toMatch(/ZZ|Unknown Region/);
  });
});

describe('money in the order’s locale', () => {
  it('writes 249,00 kr for sv-SE once the order’s locale is set, the plain form without one', () => {
    const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
    try {
      setOrderLocale('sv-SE');
      expect(plain(money(24900, 'SEK'))).toBe('249,00 kr');
      expect(priceOrFree(0, 'SEK')).toBe('Free');
    } finally {
      setOrderLocale(null);
    }
    expect(money(24900, 'SEK')).toBe('249.00 SEK');
  });
});
