import type { IntegratorOrder, Recipient } from '@shared/schemas/integrator.schema';

/** What the catalogue filters on, read once from the order. */
export interface OrderFacts {
  /** Order tags and every line's `attributes.tags`, lower-cased. */
  tags: ReadonlySet<string>;
  /** Physical lines' `attributes.weight` (grams per unit, GAPS.md) times quantity. */
  weightG: number;
  /** Any side of a physical line over this many millimetres makes the order bulky. */
  bulky: boolean;
  /** The value free shipping is measured against: the order without its shipping fee. */
  value: number;
}

const BULKY_SIDE_MM = 1_200;

export function orderFacts(order: IntegratorOrder): OrderFacts {
  const tags = new Set((order.tags ?? []).map((t) => t.toLowerCase()));
  let weightG = 0;
  let longSide = false;
  for (const line of order.lines ?? []) {
    for (const t of line.attributes?.tags ?? []) tags.add(t.toLowerCase());
    if (line.type === 'digital') continue;
    weightG += (line.attributes?.weight ?? 0) * line.quantity;
    const d = line.attributes?.dimensions;
    if (d && Math.max(d.width ?? 0, d.height ?? 0, d.length ?? 0) > BULKY_SIDE_MM) longSide = true;
  }
  return {
    tags,
    weightG,
    bulky: tags.has('bulky') || longSide,
    value: order.total_amount_without_shipping_fee ?? order.total_amount,
  };
}

/** Orders heavier than this leave parcel lockers and letters out, and get freight. */
export const HEAVY_ORDER_G = 20_000;

/**
 * Which call this is (spec § Endpoints): a location search sends country and postal code only; a full
 * address has street, postal code and city; anything less is a preview.
 */
export type RequestKind = 'preview' | 'full' | 'location_search';

const filled = (s: string | undefined) => s !== undefined && s.trim() !== '';

export function requestKind(r: Recipient): RequestKind {
  if (filled(r.street_address) && filled(r.postal_code) && filled(r.city)) return 'full';
  const others = Object.entries(r).some(
    ([k, v]) => k !== 'country' && k !== 'postal_code' && typeof v === 'string' && filled(v),
  );
  return filled(r.postal_code) && !others ? 'location_search' : 'preview';
}
