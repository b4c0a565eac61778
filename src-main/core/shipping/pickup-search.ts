import type { ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import type { Location, ShippingOption as TmsOption } from '@shared/schemas/integrator.schema';
import { PickupSearchInputSchema, type PickupSearchResult } from '@shared/schemas/shipping-assistant.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { CheckoutOrders } from '../checkout/checkout-orders';
import { invalid, SimFailure } from '../errors';
import { optionsRequestBody, searchRecipient } from './integrator-request';
import type { OptionsRefresher, ShippingDeps } from './options-refresh';

const unavailable = (why: string) => new SimFailure('conflict', 'PICKUP_SEARCH_UNAVAILABLE', why);

/** New locations first (nearest the new postal code), then the ones shown before that are not repeated. */
function merged(shown: readonly Location[], found: readonly Location[]): Location[] {
  const ids = new Set(found.map((l) => l.id));
  return [...found, ...shown.filter((l) => !ids.has(l.id))];
}

/** Merges the answer's locations into the options shown with the same id; counts what each got. */
export function mergeLocations(shown: CheckoutOption[], answer: readonly TmsOption[]) {
  const found: Record<string, number> = {};
  const options = shown.map((o) => {
    const locs = answer.find((a) => a.id === o.id)?.locations;
    if (!locs?.length || !Array.isArray(o.locations)) return o;
    found[o.id] = locs.length;
    return { ...o, locations: merged(o.locations as Location[], locs) };
  });
  return { options, found };
}

/**
 * A new postal code in the pickup map (spec § Endpoints, location search): the request holds country and
 * postal code only, and the shipping assistant takes nothing from the answer but its locations.
 */
export async function pickupSearch(
  d: ShippingDeps & { orders: CheckoutOrders; refresher: OptionsRefresher },
  orderId: string,
  input: unknown,
): Promise<PickupSearchResult> {
  const parsed = PickupSearchInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw invalid(schemaProblems(parsed.error));
  const postal = parsed.data.postal_code;
  const s = d.orders.open(orderId);
  const sh = s.state.shipping;
  if (!d.settings.enabled() || sh?.source !== 'integrator')
    throw unavailable(
      `pickup search asks the integrator, but the options shown come from ${sh?.source === 'fallback' ? 'the merchant’s fallback list' : sh?.source === 'digital' ? 'digital delivery' : 'the merchant (the shipping assistant is off)'}`,
    );
  const target = d.settings.target();
  if ('problem' in target) throw unavailable(`the shipping assistant is not configured: ${target.problem}`);
  const body = optionsRequestBody(s.order, sh.session_id, searchRecipient(s.order, postal));
  const r = await d.refresher.fetch(target, orderId, 'location_search', body);
  if (!r.j.ok)
    return {
      outcome: 'failed',
      message: `The location search for ${postal} failed: ${r.j.reason}. The options shown stay as they were.`,
      locations_found: {},
      exchange_ids: r.ids,
      shipping_options: s.state.shipping_options,
    };
  const m = mergeLocations(s.state.shipping_options, r.j.options);
  const at = new Date(d.clock.now()).toISOString();
  const saved = d.orders.save(
    {
      ...s,
      state: {
        ...s.state,
        shipping_options: m.options,
        shipping: { ...sh, exchange_ids: r.ids, updated_at: at },
      },
    },
    { touch: true, names: r.ids },
  );
  const total = Object.values(m.found).reduce((a, b) => a + b, 0);
  return {
    outcome: 'applied',
    message: `${total} location${total === 1 ? '' : 's'} near ${postal} taken from the integrator's answer into ${Object.keys(m.found).length} pickup option${Object.keys(m.found).length === 1 ? '' : 's'}; everything else in the answer is ignored.`,
    locations_found: m.found,
    exchange_ids: r.ids,
    shipping_options: saved.state.shipping_options,
  };
}
