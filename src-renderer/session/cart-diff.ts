import { z } from 'zod';
import {
  AddressSchema,
  OrderLineSchema,
  ShippingOptionSchema,
  type OrderLine,
} from '@shared/schemas/checkout-order.schema';
import { type Change, type StepName } from '@shared/schemas/session.schema';
import { formatMoney as formatMoneyIn } from '../format/money';
import { addressLines } from '../parts/order-view';

export type LineDiffKind = 'added' | 'removed' | 'changed' | 'same';
/** One order line across a change: added, removed, changed (naming the fields) or the same. */
export interface LineDiff {
  kind: LineDiffKind;
  before?: OrderLine;
  after?: OrderLine;
  fields: string[];
}

const LINE_FIELDS = [
  'type',
  'name',
  'quantity',
  'unit_price',
  'tax_rate',
  'total_discount_amount',
  'total_amount',
  'total_tax_amount',
] as const;

const lineKey = (l: OrderLine) => `${l.type ?? ''}|${l.reference || l.name}`;

/**
 * Pairs the lines of two carts by type and reference (or name when there is none) and says what happened to
 * each. Lines keep the order of the new cart; removed lines follow.
 */
export function diffLines(before: readonly OrderLine[], after: readonly OrderLine[]): LineDiff[] {
  const unmatched = [...before];
  const out: LineDiff[] = after.map((line) => {
    const i = unmatched.findIndex((b) => lineKey(b) === lineKey(line));
    if (i < 0) return { kind: 'added', after: line, fields: [] };
    const [old] = unmatched.splice(i, 1);
    const fields = LINE_FIELDS.filter((f) => (old![f] ?? null) !== (line[f] ?? null));
    return { kind: fields.length ? 'changed' : 'same', before: old, after: line, fields: [...fields] };
  });
  return [...out, ...unmatched.map((line): LineDiff => ({ kind: 'removed', before: line, fields: [] }))];
}

/** Who changed a field: the customer's own input, the merchant's answer, or the checkout itself. */
export type ChangeSource = 'customer' | 'your server' | 'checkout';

/** Whose change a field is, in a step: the step's input is the customer's, completion is the checkout's. */
export function changeSource(step: StepName, field: string): ChangeSource {
  if (step === 'complete') return 'checkout';
  if (step === 'create' || step === 'update' || step.startsWith('upsell')) return 'your server';
  if (field === 'billing_address' || field === 'shipping_address') return 'customer';
  if (field === 'selected_shipping_option') return step === 'shipping_option' ? 'customer' : 'checkout';
  if (field === 'purchase_country' && step === 'country') return 'customer';
  return 'your server';
}

/** A field that changed, as text on both sides, and who changed it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  by: ChangeSource;
}

/** What a step's `changes` mean for the cart: the lines, the totals, and every other changed field. */
export interface CartDiff {
  lines: LineDiff[] | null;
  /** Who changed the lines, when they changed. */
  linesBy: ChangeSource;
  totals: FieldChange[];
  fields: FieldChange[];
  currencyBefore: string;
  currencyAfter: string;
}

const TOTALS = ['order_amount', 'order_tax_amount'];
const Lines = z.array(OrderLineSchema);

/** Turns a StepResult's `changes` into a CartDiff; `currency` is the order's currency now. */
/** `locale` writes the amounts (the order's, issue 34 point 4); the browser's when left out. */
export function cartDiff(
  changes: readonly Change[],
  currency: string,
  step: StepName,
  locale?: string,
): CartDiff {
  const byField = new Map(changes.map((c) => [c.field, c]));
  const cur = byField.get('purchase_currency');
  const currencyBefore = typeof cur?.before === 'string' ? cur.before : currency;
  const currencyAfter = typeof cur?.after === 'string' ? cur.after : currency;
  const linesChange = byField.get('order_lines');
  let lines: LineDiff[] | null = null;
  if (linesChange) {
    const b = Lines.safeParse(linesChange.before ?? []);
    const a = Lines.safeParse(linesChange.after ?? []);
    if (b.success && a.success) lines = diffLines(b.data, a.data);
  }
  const describe = (c: Change): FieldChange => ({
    field: c.field,
    before: describeValue(c.field, c.before, currencyBefore, locale),
    after: describeValue(c.field, c.after, currencyAfter, locale),
    by: changeSource(step, c.field),
  });
  const totals = changes.filter((c) => TOTALS.includes(c.field)).map(describe);
  const fields = changes
    .filter((c) => !TOTALS.includes(c.field) && (c.field !== 'order_lines' || lines === null))
    .map(describe);
  const linesBy = changeSource(step, 'order_lines');
  return { lines, linesBy, totals, fields, currencyBefore, currencyAfter };
}

const Options = z.array(ShippingOptionSchema);

/** A changed value in words: amounts formatted, options and addresses summarised, the rest as JSON. */
export function describeValue(field: string, value: unknown, currency: string, locale?: string): string {
  const formatMoney = (n: number, c: string) => formatMoneyIn(n, c, locale);
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && TOTALS.includes(field)) return formatMoney(value, currency);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (field === 'shipping_options') {
    const r = Options.safeParse(value);
    if (r.success) {
      if (r.data.length === 0) return 'none';
      return r.data
        .map((o) => `${o.name} ${formatMoney(o.price, currency)}${o.preselected ? ' (preselected)' : ''}`)
        .join(', ');
    }
  }
  if (field === 'selected_shipping_option') {
    const r = ShippingOptionSchema.safeParse(value);
    if (r.success) return `${r.data.name} ${formatMoney(r.data.price, currency)}`;
  }
  if (field.endsWith('_address')) {
    const r = AddressSchema.safeParse(value);
    if (r.success) return addressLines(r.data).join(', ') || 'empty';
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ') || 'none';
  return JSON.stringify(value);
}
