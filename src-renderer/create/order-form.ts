import { type UiPrefs } from '@shared/contract/checkout-ops';
import { checkOrderRules } from '@shared/rules/checkout-order-rules';
import { expandUrl } from '@shared/rules/merchant-urls';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  CALLBACK_KEYS,
  CheckoutOrderCreateSchema,
  type CallbackKey,
  type CheckoutOrderCreate,
} from '@shared/schemas/checkout-order.schema';
import { type FieldProblem } from '@shared/schemas/common.schema';
import { currencyDigits } from '../format/money';
import { cartTotals, lineAmounts, parseMajor, parseQuantity, parseTaxRate, taxOf } from '../format/cart-math';

export interface LineDraft {
  key: number;
  type: string;
  reference: string;
  name: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  discount: string;
}

export interface OptionDraft {
  key: number;
  id: string;
  name: string;
  price: string;
  tax_rate: string;
  method: string;
  description: string;
}

/** The create form as typed: amounts in major units and percent, as text until sent. */
export interface OrderDraft {
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  merchant_reference1: string;
  lines: LineDraft[];
  urls: Record<string, string>;
  offerOptions: boolean;
  options: OptionDraft[];
  /** The key of the preselected option: exactly one, by construction. */
  preselected: number;
  shipping_countries: string;
  require_validate: boolean;
}

export const REQUIRED_URLS = ['terms', 'checkout', 'confirmation', 'push'] as const;
/**
 * The optional callbacks the form offers: every one the checkout calls, in the contract's order, but push
 * (required, above) and shipping_address_update (the older name of address_update).
 */
export const CALLBACK_URLS = CALLBACK_KEYS.filter(
  (k): k is Exclude<CallbackKey, 'push' | 'shipping_address_update'> =>
    k !== 'push' && k !== 'shipping_address_update',
);

const EXAMPLE_URLS: Record<string, string> = {
  terms: 'https://example.com/terms',
  checkout: 'https://example.com/checkout?order_id={checkout.order.id}',
  confirmation: 'https://example.com/confirmation?order_id={checkout.order.id}',
  push: 'https://example.com/api/push?order_id={checkout.order.id}',
};

let nextKey = 1;
/** A fresh React key for a new row. */
export const newKey = () => nextKey++;

export function newLine(over: Partial<LineDraft> = {}): LineDraft {
  return {
    key: newKey(),
    type: 'physical',
    reference: '',
    name: '',
    quantity: '1',
    unit_price: '',
    tax_rate: '25',
    discount: '',
    ...over,
  };
}

export function newOption(over: Partial<OptionDraft> = {}): OptionDraft {
  return { key: newKey(), id: '', name: '', price: '', tax_rate: '25', method: '', description: '', ...over };
}

/** The form's starting point: a sample line, and the market and URLs remembered from last time. */
export function defaultDraft(prefs: UiPrefs): OrderDraft {
  const standard = newOption({ id: 'standard', name: 'Standard delivery', price: '49.00', method: 'Postal' });
  return {
    purchase_country: prefs.purchase_country ?? 'SE',
    purchase_currency: prefs.purchase_currency ?? 'SEK',
    locale: prefs.locale ?? 'sv-SE',
    merchant_reference1: '',
    lines: [
      newLine({ reference: '19-402', name: 'Battery Power Pack', quantity: '2', unit_price: '250.00' }),
    ],
    urls: { ...EXAMPLE_URLS, ...(prefs.merchant_urls ?? {}) },
    offerOptions: false,
    options: [standard, newOption({ id: 'express', name: 'Express', price: '99.00', method: 'Home' })],
    preselected: standard.key,
    shipping_countries: '',
    require_validate: false,
  };
}

/** What the editor shows for a line: its total and tax, or null while a field does not parse. */
export function lineTotals(line: LineDraft, currency: string) {
  const digits = currencyDigits(currency);
  const quantity = parseQuantity(line.quantity);
  const unit_price = parseMajor(line.unit_price, digits);
  const tax_rate = parseTaxRate(line.tax_rate);
  const discount = line.discount.trim() === '' ? 0 : parseMajor(line.discount, digits);
  const problems: FieldProblem[] = [];
  if (quantity === null) problems.push({ path: 'quantity', message: 'must be a whole number' });
  if (unit_price === null) problems.push({ path: 'unit_price', message: `must be an amount in ${currency}` });
  if (tax_rate === null) problems.push({ path: 'tax_rate', message: 'must be a percentage from 0 to 100' });
  if (discount === null || discount < 0)
    problems.push({ path: 'total_discount_amount', message: `must be an amount in ${currency}, 0 or more` });
  if (
    problems.length > 0 ||
    quantity === null ||
    unit_price === null ||
    tax_rate === null ||
    discount === null
  )
    return { problems, line: null };
  const amounts = lineAmounts({ quantity, unit_price, tax_rate, total_discount_amount: discount });
  return { problems, line: { quantity, unit_price, tax_rate, total_discount_amount: discount, ...amounts } };
}

const trimmed = (s: string) => s.trim();

/**
 * The checkout order create body of a draft, with totals computed; `problems` lists fields that do not parse
 * (paths as the API names them), in which case the body must not be sent.
 */
export function draftToBody(d: OrderDraft): { body: Record<string, unknown>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const currency = d.purchase_currency.trim().toUpperCase();
  const digits = currencyDigits(currency);
  const lines = d.lines.map((l, i) => {
    const t = lineTotals(l, currency);
    problems.push(...t.problems.map((p) => ({ path: `order_lines[${i}].${p.path}`, message: p.message })));
    const { total_discount_amount = 0, ...amounts } = t.line ?? {};
    return {
      type: l.type,
      ...(l.reference.trim() ? { reference: l.reference.trim() } : {}),
      name: l.name.trim(),
      ...amounts,
      ...(total_discount_amount > 0 ? { total_discount_amount } : {}),
    };
  });
  const totals = cartTotals(
    lines.map((l) => ({ total_amount: l.total_amount ?? 0, total_tax_amount: l.total_tax_amount ?? 0 })),
  );
  const urls = Object.fromEntries(
    Object.entries(d.urls)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
  const body: Record<string, unknown> = {
    purchase_country: d.purchase_country.trim().toUpperCase(),
    purchase_currency: currency,
    locale: d.locale.trim(),
    ...totals,
    order_lines: lines,
    merchant_urls: urls,
  };
  if (d.merchant_reference1.trim()) body.merchant_reference1 = d.merchant_reference1.trim();
  if (d.offerOptions) {
    body.shipping_options = d.options.map((o, i) => {
      const price = parseMajor(o.price, digits);
      const rate = parseTaxRate(o.tax_rate);
      if (price === null || price < 0)
        problems.push({ path: `shipping_options[${i}].price`, message: `must be an amount in ${currency}` });
      if (rate === null)
        problems.push({
          path: `shipping_options[${i}].tax_rate`,
          message: 'must be a percentage from 0 to 100',
        });
      return {
        id: o.id.trim(),
        name: o.name.trim(),
        price: price ?? 0,
        tax_amount: taxOf(price ?? 0, rate ?? 0),
        tax_rate: rate ?? 0,
        preselected: o.key === d.preselected,
        ...(o.method ? { shipping_method: o.method } : {}),
        ...(o.description.trim() ? { description: o.description.trim() } : {}),
      };
    });
  }
  const countries = d.shipping_countries
    .split(/[\s,;]+/)
    .map(trimmed)
    .filter(Boolean);
  if (countries.length > 0) body.shipping_countries = countries.map((c) => c.toUpperCase());
  if (d.require_validate) body.options = { require_validate_callback_success: true };
  return { body, problems };
}

/** What to remember for next time: the market and the non-empty URLs. */
export function prefsFromDraft(d: OrderDraft): UiPrefs {
  const urls = Object.fromEntries(
    Object.entries(d.urls)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
  return {
    merchant_urls: urls,
    purchase_country: d.purchase_country.trim().toUpperCase(),
    purchase_currency: d.purchase_currency.trim().toUpperCase(),
    locale: d.locale.trim(),
  };
}

/**
 * What is wrong with a merchant URL as typed, or undefined: it must be a whole http(s) address once
 * `{checkout.order.id}` is filled in. (Only https works in production: that is a warning, not an error.)
 */
export function urlProblem(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  let url: URL;
  try {
    url = new URL(expandUrl(v, 'x'));
  } catch {
    return 'is not a URL: write it whole, e.g. https://shop.example/push?order_id={checkout.order.id}';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `must be an http(s) URL, not ${url.protocol}`;
  return undefined;
}

const lineOf = (path: string) => /^order_lines\[(\d+)\]/.exec(path)?.[1];

/**
 * Every problem of the draft at once, as the simulator would name them: fields that do not parse, URLs
 * that are not URLs, then the create schema and the order's rules (arithmetic, the preselected option…)
 * over what does parse. A line that does not parse is reported once, for what the person typed, not again
 * for the amounts it could not compute.
 */
export function validateDraft(d: OrderDraft): FieldProblem[] {
  const { body, problems } = draftToBody(d);
  const out: FieldProblem[] = [...problems];
  for (const [key, value] of Object.entries(d.urls)) {
    const message = urlProblem(value);
    if (message) out.push({ path: `merchant_urls.${key}`, message });
  }
  const badLines = new Set(problems.map((p) => lineOf(p.path)).filter((l) => l !== undefined));
  const parsed = CheckoutOrderCreateSchema.safeParse(body);
  const more = parsed.success ? [] : schemaProblems(parsed.error);
  // The rules read the amounts: only worth running when every line parsed.
  if (badLines.size === 0) more.push(...checkOrderRules(body as CheckoutOrderCreate));
  const seen = new Set(out.map((p) => p.path));
  for (const p of more) {
    const line = lineOf(p.path);
    if (line !== undefined && badLines.has(line)) continue;
    if (seen.has(p.path)) continue;
    seen.add(p.path);
    out.push(p);
  }
  return out;
}
