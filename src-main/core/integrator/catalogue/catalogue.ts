import type {
  Addon,
  Recipient,
  ShippingOption,
  ShippingOptionsRequest,
} from '@shared/schemas/integrator.schema';
import { invalid } from '../../errors';
import { carrierOf } from './carriers';
import { COUNTRIES, CURRENCIES, shelfPrice, type CountryInfo, type CurrencyInfo } from './countries';
import { deliveryTimeFor, timeslotsFor } from './delivery-times';
import { locationsFor } from './locations';
import { HEAVY_ORDER_G, orderFacts, requestKind, type OrderFacts } from './order-facts';
import { PRODUCTS, type Product } from './products';

/** Pricing context of one request: everything a price depends on. */
interface Pricing {
  currency: CurrencyInfo;
  vat: number;
  free: boolean;
}

/** Home deliveries cost one more net euro per started 5 kg above the first 5 kg. */
function weightSurcharge(product: Product, weightG: number): number {
  if (product.type !== 'delivery-address' || product.freightOnly || weightG <= 5_000) return 0;
  return Math.ceil((weightG - 5_000) / 5_000) * 100;
}

/** The order options are shown in: pickup first, then home, express, letters, freight (stable within a rank). */
function displayRank(p: Product): number {
  if (p.freightOnly) return 5;
  if (p.class === 'express') return 3;
  return { 'pickup-point': 0, 'pickup-box': 1, 'delivery-address': 2 }[p.type as string] ?? 4;
}

/** Tag and weight rules (the integrator's filtering, spec § What the service does). */
export function productAllowed(p: Product, facts: OrderFacts): boolean {
  const heavy = facts.weightG > HEAVY_ORDER_G;
  if (p.freightOnly) return facts.bulky || heavy;
  if (facts.weightG > p.maxWeightG) return false;
  if (facts.bulky && p.type !== 'delivery-address') return false;
  if (facts.tags.has('fragile') && p.type === 'pickup-box') return false;
  if (heavy && (p.type === 'pickup-box' || p.type === 'postal')) return false;
  return true;
}

function addonsOf(p: Product, pricing: Pricing): Addon[] {
  return p.addons.map((a) => ({
    category: a.category,
    type: a.type,
    required: a.required,
    default: a.default,
    ...(a.netEuroCents ? { price: shelfPrice(a.netEuroCents, pricing.currency, pricing.vat) } : {}),
    ...(a.max_length !== undefined ? { max_length: a.max_length } : {}),
  }));
}

function optionOf(
  p: Product,
  ctx: { recipient: Recipient; country: CountryInfo; pricing: Pricing; facts: OrderFacts; preview: boolean },
  nowMs: number,
): ShippingOption {
  const { recipient, country, pricing } = ctx;
  const carrier = carrierOf(p.carrier);
  const free = pricing.free && p.freeShippingEligible;
  const net = p.netEuroCents + weightSurcharge(p, ctx.facts.weightG);
  const price = free ? 0 : shelfPrice(net, pricing.currency, pricing.vat);
  const slots = timeslotsFor(p, country, nowMs);
  const area = {
    countryCode: recipient.country.toUpperCase(),
    postalCode: recipient.postal_code,
    city: recipient.city,
  };
  return {
    id: p.id,
    type: p.type,
    carrier: carrier.id,
    name: p.name,
    price,
    tax_rate: pricing.vat,
    class: p.class,
    preview: ctx.preview,
    delivery_time: deliveryTimeFor(p, country, nowMs, slots),
    ...(p.locations ? { locations: locationsFor(p, carrier, area, country, price, nowMs) } : {}),
    ...(slots.length > 0 ? { timeslots: slots } : {}),
    addons: addonsOf(p, pricing),
    ...(p.eco ? { features: [{ class: 'badge', type: 'eco' }] } : {}),
  };
}

/**
 * The options for a request at `nowMs`: deterministic (the same request at the same clock hour gives
 * the same options). Previews and location searches are flagged `preview: true` (spec § Endpoints).
 * A country the carriers do not serve gets no options; a currency the integrator does not price in is refused.
 */
export function buildOptions(
  req: Pick<ShippingOptionsRequest, 'currency' | 'recipient' | 'order'>,
  nowMs: number,
): ShippingOption[] {
  const code = req.recipient.country.toUpperCase();
  const currency = CURRENCIES[req.currency.toUpperCase()];
  if (!currency) {
    throw invalid(
      [{ path: 'currency', message: `${req.currency} is not supported` }],
      'currency_not_supported',
    );
  }
  const country = COUNTRIES[code];
  if (!country) return [];
  const facts = orderFacts(req.order);
  const pricing: Pricing = {
    currency,
    vat: country.vat,
    free: facts.tags.has('free-shipping') || facts.value >= currency.freeShippingFrom,
  };
  const ctx = {
    recipient: req.recipient,
    country,
    pricing,
    facts,
    preview: requestKind(req.recipient) !== 'full',
  };
  return PRODUCTS.filter((p) => p.countries.includes(code) && productAllowed(p, facts))
    .sort((a, b) => displayRank(a) - displayRank(b))
    .map((p) => optionOf(p, ctx, nowMs));
}
