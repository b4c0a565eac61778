import fc from 'fast-check';
import { MARKETS } from '@shared/rules/markets';
import { impliedTax } from '@shared/rules/order-arithmetic';
import { MERCHANT_FAULTS, type MerchantFault } from '@shared/schemas/merchant-faults.schema';

/*
 * What a journey starts from: the order the merchant's checkout is opened with (a cart in a country's
 * currency) and the merchant faults switched on for it. Generated and shrunk by fast-check like the steps:
 * a finding keeps only the faults and the cart changes it needs.
 */

/** The countries explore uses by default (each a market of @shared/rules/markets). */
export const DEFAULT_COUNTRIES = ['SE', 'NO', 'DK', 'FI', 'DE', 'GB'];

export interface JourneySetup {
  /** Which of the bodies to start from. */
  body: number;
  country: string;
  /** A quantity per line of the body (null: as written). */
  quantities: (number | null)[] | null;
  /** A discount on the cart, in percent (null: none). */
  discount: number | null;
  faults: MerchantFault[];
}

type Line = Record<string, unknown> & {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
};

/** The setup arbitrary: a body, a country, cart changes (when `carts`) and a set of the allowed faults. */
export function setupArbitrary(o: {
  bodies: number;
  lines: number;
  countries: string[];
  carts: boolean;
  faults: MerchantFault[];
}): fc.Arbitrary<JourneySetup> {
  const quantity = fc.option(fc.integer({ min: 1, max: 3 }), { freq: 2 });
  return fc.record({
    body: fc.integer({ min: 0, max: o.bodies - 1 }),
    country: fc.constantFrom(...o.countries),
    quantities: o.carts
      ? fc.option(fc.array(quantity, { minLength: o.lines, maxLength: o.lines }))
      : fc.constant(null),
    discount: o.carts ? fc.option(fc.constantFrom(10, 25, 50)) : fc.constant(null),
    faults: o.faults.length ? fc.subarray(o.faults) : fc.constant([]),
  });
}

/** The faults a run may switch on, as the config allows (default all). */
export const faultsAllowed = (given: MerchantFault[] | undefined): MerchantFault[] =>
  given ?? [...MERCHANT_FAULTS];

/**
 * The create body of a setup: the chosen body in the chosen country's currency, each line's quantity as
 * set, a discount line, the totals made again so the checkout API accepts them.
 */
export function orderBody(base: Record<string, unknown>, s: JourneySetup): Record<string, unknown> {
  const body = structuredClone(base);
  const market = MARKETS[s.country];
  if (market) {
    body.purchase_country = s.country;
    body.purchase_currency = market.currency;
    body.locale = market.locale;
  }
  const lines: Line[] = ((body.order_lines as Line[] | undefined) ?? []).map((l, i) => {
    const quantity = s.quantities?.[i] ?? l.quantity;
    const total = quantity * l.unit_price;
    return { ...l, quantity, total_amount: total, total_tax_amount: taxOf(total, l.tax_rate) };
  });
  const gross = lines.reduce((n, l) => n + l.total_amount, 0);
  if (s.discount && lines[0]) {
    const amount = -Math.round((gross * s.discount) / 100);
    const rate = lines[0].tax_rate;
    lines.push({
      type: 'discount',
      reference: `DISCOUNT-${s.discount}`,
      name: `${s.discount}% off`,
      quantity: 1,
      unit_price: amount,
      tax_rate: rate,
      total_amount: amount,
      total_tax_amount: taxOf(amount, rate),
    });
  }
  body.order_lines = lines;
  body.order_amount = lines.reduce((n, l) => n + l.total_amount, 0);
  body.order_tax_amount = lines.reduce((n, l) => n + (l.total_tax_amount as number), 0);
  return body;
}

/** The tax inside a tax-inclusive amount, rounded as the checkout API accepts it. */
const taxOf = (total: number, rate: number) => Math.round(impliedTax(total, rate));
