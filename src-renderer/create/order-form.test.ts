import { describe, expect, it } from 'vitest';
import { CheckoutOrderCreateSchema } from '@shared/schemas/checkout-order.schema';
import { checkOrderRules } from '@shared/rules/checkout-order-rules';
import {
  defaultDraft,
  draftToBody,
  newLine,
  prefsFromDraft,
  urlProblem,
  validateDraft,
  type OrderDraft,
} from './order-form';

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...defaultDraft({}), ...over });

describe('draftToBody', () => {
  it('builds a create body that the simulator’s schema and rules accept', () => {
    const d = draft({ offerOptions: true, shipping_countries: 'de, no', require_validate: true });
    d.lines.push(newLine({ name: 'Gift wrap', unit_price: '19.90', tax_rate: '12.5', discount: '1.00' }));
    d.urls.address_update = ' http://127.0.0.1:9/address ';
    const { body, problems } = draftToBody(d);
    expect(problems).toEqual([]);
    const parsed = CheckoutOrderCreateSchema.parse(body);
    expect(checkOrderRules(parsed)).toEqual([]);
    expect(body).toMatchObject({
      order_amount: 50000 + 1890,
      shipping_countries: ['DE', 'NO'],
      options: { require_validate_callback_success: true },
      merchant_urls: { address_update: 'http://127.0.0.1:9/address' },
    });
    expect(parsed.order_lines[1]).toMatchObject({
      total_amount: 1890,
      total_discount_amount: 100,
      total_tax_amount: 210,
    });
    expect(parsed.shipping_options?.filter((o) => o.preselected)).toHaveLength(1);
    expect(parsed.shipping_options?.[0]).toMatchObject({ price: 4900, tax_amount: 980, tax_rate: 2500 });
  });

  it('leaves out empty URLs, optional parts and a zero discount', () => {
    const d = draft();
    d.urls.terms = '  ';
    const { body } = draftToBody(d);
    expect(body.merchant_urls).not.toHaveProperty('terms');
    expect(body).not.toHaveProperty('shipping_options');
    expect(body).not.toHaveProperty('shipping_countries');
    expect(body).not.toHaveProperty('options');
    expect((body.order_lines as object[])[0]).not.toHaveProperty('total_discount_amount');
  });

  it('names the fields that do not parse, with the API’s paths', () => {
    const d = draft({ offerOptions: true });
    d.lines[0] = { ...d.lines[0]!, quantity: '1.5', unit_price: 'ten' };
    d.options[1] = { ...d.options[1]!, price: 'free' };
    expect(draftToBody(d).problems.map((p) => p.path)).toEqual([
      'order_lines[0].quantity',
      'order_lines[0].unit_price',
      'shipping_options[1].price',
    ]);
  });

  it('uses the currency’s decimals', () => {
    const d = draft({ purchase_currency: 'jpy' });
    d.lines[0] = { ...d.lines[0]!, unit_price: '1200', quantity: '1', tax_rate: '10' };
    expect(draftToBody(d).body).toMatchObject({
      purchase_currency: 'JPY',
      order_amount: 1200,
      order_tax_amount: 109,
    });
  });
});

describe('prefs', () => {
  it('starts from what was remembered and remembers the market and non-empty URLs', () => {
    const d = defaultDraft({
      purchase_country: 'DE',
      purchase_currency: 'EUR',
      locale: 'de-DE',
      merchant_urls: { validation: 'https://m/v' },
    });
    expect(d.purchase_country).toBe('DE');
    expect(d.urls.validation).toBe('https://m/v');
    expect(d.urls.terms).toContain('example.com');
    d.urls.validation = '';
    const prefs = prefsFromDraft(d);
    expect(prefs.merchant_urls).not.toHaveProperty('validation');
    expect(prefs).toMatchObject({ purchase_country: 'DE', purchase_currency: 'EUR', locale: 'de-DE' });
  });
});

describe('validateDraft', () => {
  const sample = () => defaultDraft({});

  it('finds nothing wrong with the sample', () => {
    expect(validateDraft(sample())).toEqual([]);
  });

  it('reports every problem at once, each under the path the simulator uses', () => {
    const d = sample();
    d.lines = [
      { ...d.lines[0]!, quantity: 'two', name: '' },
      newLine({ name: 'Cable', unit_price: '10', quantity: '1' }),
    ];
    d.urls = { ...d.urls, terms: '', validation: 'shop.example/validate', push: 'ftp://x/y' };
    d.offerOptions = true;
    d.options = [{ ...d.options[0]!, id: '' }, d.options[1]!];
    d.purchase_currency = 'EURO';
    const problems = validateDraft(d).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'order_lines[0].quantity: must be a whole number',
        'merchant_urls.validation: is not a URL: write it whole, e.g. https://shop.example/push?order_id={checkout.order.id}',
        'merchant_urls.push: must be an http(s) URL, not ftp:',
        'merchant_urls.terms: is required',
        'shipping_options[0].id: must not be empty',
        'purchase_currency: must be a three-letter ISO 4217 currency code',
      ]),
    );
    // Line 0 did not parse: it is reported for what was typed, not again for what could not be computed.
    expect(problems.filter((p) => p.startsWith('order_lines[0]'))).toEqual([
      'order_lines[0].quantity: must be a whole number',
    ]);
    expect(problems.some((p) => p.startsWith('order_amount'))).toBe(false);
  });

  it('checks the order rules when the lines parse', () => {
    const d = sample();
    d.offerOptions = true;
    d.options = [d.options[0]!, { ...d.options[1]!, id: d.options[0]!.id }];
    expect(validateDraft(d)).toContainEqual({
      path: 'shipping_options[1].id',
      message: "duplicate id 'standard'",
    });
  });
});

describe('urlProblem', () => {
  it('accepts whole http(s) URLs with the placeholder, refuses the rest', () => {
    expect(urlProblem('https://shop.example/push?order_id={checkout.order.id}')).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:3000/cb')).toBeUndefined();
    expect(urlProblem('  ')).toBeUndefined();
    expect(urlProblem('localhost:3000/cb')).toMatch(/^(is not a URL|must be an http\(s\) URL)/);
    expect(urlProblem('/relative')).toMatch(/^is not a URL/);
  });
});
