import type { ShippingOption } from '@shared/schemas/checkout-order.schema';
import type { OmSelectedShippingOption } from '@shared/schemas/om-shipping-option.schema';

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined);
const obj = (v: unknown): Loose | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Loose) : undefined;

/** Copies the named fields that are present and of the right kind, nothing else. */
function pick(from: Loose | undefined, fields: Record<string, (v: unknown) => unknown>) {
  if (!from) return undefined;
  const out: Loose = {};
  for (const [k, read] of Object.entries(fields)) {
    const v = read(from[k]);
    if (v !== undefined) out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const ADDRESS = {
  street_address: str,
  street_address2: str,
  postal_code: str,
  city: str,
  region: str,
  country: str,
};
const location = (v: unknown) =>
  pick(obj(v), { id: str, name: str, price: int, address: (a) => pick(obj(a), ADDRESS) });
const timeslot = (v: unknown) => pick(obj(v), { id: str, start: str, end: str, cutoff: str, price: int });
const addons = (v: unknown) =>
  Array.isArray(v)
    ? v.flatMap((a) => {
        const x = pick(obj(a), { type: str, price: int, external_id: str, user_input: str });
        return x && typeof x.type === 'string' ? [{ price: 0, ...x }] : [];
      })
    : undefined;

/**
 * The checkout's selected option (with the shipping assistant's `delivery_details` when one was used)
 * in the order management API's own shape: `method` for the checkout's `shipping_method`, the carrier,
 * class, product, location and timeslot at the top level. An option already in that shape comes back the
 * same (the conversion is idempotent), so an order stored by an earlier version reads right too.
 */
export function omShippingOption(
  option: ShippingOption | OmSelectedShippingOption,
): OmSelectedShippingOption {
  const o = option as Loose;
  const details = obj(o.delivery_details);
  const fields = {
    id: str(o.id),
    name: str(o.name),
    method: str(o.shipping_method) ?? str(o.method),
    type: str(o.type),
    carrier: str(details?.carrier) ?? str(o.carrier),
    class: str(details?.class) ?? str(o.class),
    price: int(o.price),
    tax_amount: int(o.tax_amount),
    tax_rate: int(o.tax_rate),
    location: location(details?.pickup_location ?? o.location),
    timeslot: timeslot(details?.timeslot ?? o.timeslot),
    carrier_product: pick(obj(details?.product ?? o.carrier_product), { identifier: str, name: str }),
    tms_reference: str(o.tms_reference),
    selected_addons: addons(o.selected_addons),
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as OmSelectedShippingOption;
}
