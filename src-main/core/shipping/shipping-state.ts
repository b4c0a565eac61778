import { randomUUID } from 'node:crypto';
import type { CheckoutOrder, ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import type { ShippingOption as TmsOption } from '@shared/schemas/integrator.schema';
import type { FallbackCause, ShippingState } from '@shared/schemas/shipping-assistant.schema';
import { preselected, type Session } from '../checkout/session-state';
import { cartKind } from './integrator-request';
import { asTms, DIGITAL_OPTION, selectionOf, shownOption } from './shown-options';

/*
 * How a session's shipping state changes with each outcome of a refresh: the integrator's options, the
 * merchant's fallback options, the one digital option, or back to the merchant's own when the assistant
 * is off. Pure functions of the session; the caller saves.
 */

/** The shipping state a session has, or a fresh one with its own session_id for the integrator. */
export function baseState(s: Session, at: string): ShippingState {
  return (
    s.state.shipping ?? {
      source: 'merchant',
      reason: null,
      fallback_cause: null,
      request: null,
      no_options: false,
      digital_banner: false,
      allow_separate_shipping_address: true,
      session_id: randomUUID(),
      request_key: null,
      selection: null,
      shipment: null,
      failure_reason: null,
      exchange_ids: [],
      updated_at: at,
    }
  );
}

function withShipping(
  s: Session,
  order: CheckoutOrder,
  options: CheckoutOption[],
  shipping: ShippingState,
): Session {
  return { ...s, order, state: { ...s.state, shipping_options: options, shipping } };
}

/** Keeps the customer's merchant option when the list still has it, else the preselected one. */
function merchantSelection(order: CheckoutOrder, options: CheckoutOption[]): CheckoutOrder {
  const next = { ...order };
  const current = order.selected_shipping_option;
  // An integrator option (it has a carrier) is never kept in a merchant list, even with the same id.
  const kept =
    current && current.carrier === undefined ? options.find((o) => o.id === current.id) : undefined;
  const pick = kept ?? preselected(options);
  if (pick) next.selected_shipping_option = pick;
  else delete next.selected_shipping_option;
  return next;
}

/** The merchant's options stand in (spec § Errors: fallback), marked with the reason. */
export function toFallback(
  s: Session,
  base: ShippingState,
  f: {
    cause: FallbackCause;
    reason: string;
    request: 'preview' | 'full' | null;
    key: string | null;
    ids: string[];
    at: string;
  },
): { session: Session; note: string } {
  const options = s.order.shipping_options ?? [];
  const shipping: ShippingState = {
    ...base,
    source: 'fallback',
    reason: f.reason,
    fallback_cause: f.cause,
    request: f.request,
    no_options: false,
    digital_banner: cartKind(s.order).digital,
    allow_separate_shipping_address: true,
    request_key: f.key,
    selection: null,
    exchange_ids: f.ids,
    updated_at: f.at,
  };
  const n = options.length;
  return {
    session: withShipping(s, merchantSelection(s.order, options), options, shipping),
    note: `Shipping assistant: the merchant's ${n} fallback option${n === 1 ? '' : 's'} ${n === 1 ? 'is' : 'are'} shown: ${f.reason}.`,
  };
}

/** A cart without physical items: one digital option, no call (spec § What the service does). */
export function toDigital(s: Session, base: ShippingState, at: string): { session: Session; note: string } {
  const shipping: ShippingState = {
    ...base,
    source: 'digital',
    reason: 'the cart has no physical item: nothing to ship, so the integrator is not called',
    fallback_cause: null,
    request: null,
    no_options: false,
    digital_banner: true,
    allow_separate_shipping_address: false,
    request_key: null,
    selection: null,
    exchange_ids: [],
    updated_at: at,
  };
  const order = { ...s.order, selected_shipping_option: DIGITAL_OPTION };
  return {
    session: withShipping(s, order, [DIGITAL_OPTION], shipping),
    note: 'Shipping assistant: digital delivery (no physical item in the cart; the integrator is not called).',
  };
}

/** The assistant was switched off: the merchant's own options again. Unchanged when they are shown already. */
export function toMerchant(s: Session, at: string): Session {
  const sh = s.state.shipping;
  if (!sh || sh.source === 'merchant') return s;
  const options = s.order.shipping_options ?? [];
  const shipping: ShippingState = {
    ...sh,
    source: 'merchant',
    reason: 'the shipping assistant is off: the merchant’s own options are shown',
    fallback_cause: null,
    no_options: false,
    allow_separate_shipping_address: true,
    selection: null,
    updated_at: at,
  };
  return withShipping(s, merchantSelection(s.order, options), options, shipping);
}

/** Re-applies the customer's choice to a new list, when the option is still there and still valid. */
function keptChoice(order: CheckoutOrder, base: ShippingState, options: TmsOption[]) {
  const sel = base.selection;
  const o = sel ? options.find((x) => x.id === sel.id && !x.preview) : undefined;
  if (!sel || !o) return null;
  const addons = sel.addons.map((a) => ({
    type: a.type,
    data: { text: a.data?.text, selected: a.data?.selected ?? true },
  }));
  const again = selectionOf(o, {
    id: sel.id,
    ...(sel.location_id ? { location_id: sel.location_id } : {}),
    ...(sel.timeslot_id ? { timeslot_id: sel.timeslot_id } : {}),
    addons,
  });
  return again.problems.length === 0 && order.selected_shipping_option ? again : null;
}

/** The integrator's options are shown; an empty list is the "no shipping options" state, not a fallback. */
export function toIntegrator(
  s: Session,
  base: ShippingState,
  r: { options: TmsOption[]; request: 'preview' | 'full'; key: string; ids: string[]; at: string },
): { session: Session; note: string } {
  const kept = keptChoice(s.order, base, r.options);
  const order = { ...s.order };
  if (kept) order.selected_shipping_option = kept.selected;
  else delete order.selected_shipping_option;
  const shipping: ShippingState = {
    ...base,
    source: 'integrator',
    reason: null,
    fallback_cause: null,
    request: r.request,
    no_options: r.options.length === 0,
    digital_banner: cartKind(s.order).digital,
    allow_separate_shipping_address: true,
    request_key: r.key,
    selection: kept?.selection ?? null,
    exchange_ids: r.ids,
    updated_at: r.at,
  };
  const n = r.options.length;
  const what = r.request === 'preview' ? 'preview' : 'valid';
  const note =
    n === 0
      ? 'Shipping assistant: the integrator answered an empty list: the customer sees “no shipping options available” and cannot pay.'
      : `Shipping assistant: ${n} ${what} option${n === 1 ? '' : 's'} from the integrator (${r.request === 'preview' ? 'only the country is known' : 'full address'}).`;
  return { session: withShipping(s, order, r.options.map(shownOption), shipping), note };
}

/** The integrator options a session shows, as the integrator sent them. */
export const shownTms = (s: Session): TmsOption[] => s.state.shipping_options.map(asTms);
