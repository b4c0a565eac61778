import type { Address, ShippingOption } from '@shared/schemas/checkout-order.schema';
import type { ClientEventName, CustomerView } from '@shared/schemas/customer.schema';
import { eventCountry } from '@shared/rules/country-codes';

/*
 * The client-side events the merchant's page receives (api.on), as the public documentation gives their
 * payloads. They are derived from what changed between two views of the order, so a step driven from the
 * console or the automation API fires them as much as one the customer takes in this page.
 */

export interface ClientEventOut {
  event: ClientEventName;
  data?: unknown;
  /** A question the page answers through the handler's callback (validation_callback). */
  reply?: string;
}

/** The keys of an object whose value is not undefined (payloads carry "what is known"). */
function known<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o))
    if (v !== undefined && v !== '') out[k as keyof T] = v as T[keyof T];
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A postal code as the documentation's payloads give it: without whitespace ("111 34" → "11134"). */
const postal = (v: unknown): string | undefined => str(typeof v === 'string' ? v.replace(/\s+/g, '') : v);

/** The address the goods go to: the shipping address, else the billing address, else the country alone. */
function shippingAddressOf(v: CustomerView): Address {
  return v.shipping_address ?? v.billing_address ?? { country: v.purchase_country };
}

function loadPayload(v: CustomerView) {
  const a = shippingAddressOf(v);
  return {
    customer: { type: customerType(v.billing_address) },
    shipping_address: known({
      country: eventCountry(a.country ?? v.purchase_country),
      postal_code: postal(a.postal_code),
    }),
  };
}

function customerType(a: Address | null): 'person' | 'organization' {
  return str(a?.organization_name) ? 'organization' : 'person';
}

/*
 * `change` speaks of the billing e-mail, postal code and country only: the documentation's payload is
 * `{email, postal_code, country}`, each key present (empty when unknown), and a name edit is no change.
 */
const CHANGE_FIELDS = ['email', 'postal_code', 'country'] as const;

/** What `change` speaks of: an address of the order, or the form being filled in. */
export type ChangeFields = Partial<Record<(typeof CHANGE_FIELDS)[number], string>>;

/** Whether leaving this form field (its input's `name`, `billing_address.email`) is news for `change`. */
export function speaksOfChange(inputName: string): boolean {
  const key = inputName.slice(inputName.lastIndexOf('.') + 1);
  return (CHANGE_FIELDS as readonly string[]).includes(key);
}

const trimmed = (v: unknown) => str(typeof v === 'string' ? v.trim() : v);

/**
 * `change`: the customer's e-mail, postal code and country, each key present ('' when unknown). The same
 * payload for the form being filled in and for the address the order took, so the emitter can tell that
 * the submitted address is no news after the form already said so.
 */
export function changePayload(a: ChangeFields | null) {
  return {
    email: trimmed(a?.email) ?? '',
    postal_code: postal(a?.postal_code) ?? '',
    country: eventCountry(a?.country) ?? '',
  };
}

const AREA_FIELDS = ['postal_code', 'country'] as const;

function differs(a: Address | null, b: Address | null, fields: readonly (keyof Address)[]): boolean {
  return fields.some((f) => str(a?.[f]) !== str(b?.[f]));
}

function areaPayload(a: Address | null) {
  return known({ postal_code: postal(a?.postal_code), country: eventCountry(a?.country) });
}

/** `shipping_option_change`: the option as the documentation lists its fields. */
export function optionPayload(o: ShippingOption) {
  return known({
    id: o.id,
    name: o.name,
    description: str(o.description),
    promo: str(o.promo),
    price: o.price,
    tax_amount: o.tax_amount,
    tax_rate: o.tax_rate,
  });
}

/** Whether a pay (the complete step) just ended without a purchase: denied without a redirect, failed, or refused by the integrator. */
function payFailed(prev: CustomerView, next: CustomerView): boolean {
  const n = next.notice;
  if (!n || n.step !== 'complete' || n.at === prev.notice?.at) return false;
  if (n.outcome === 'failed' || n.outcome === 'rejected') return true;
  return n.outcome === 'denied' && !n.redirect_url;
}

/** Whether the merchant's address_update just refused the address (an error answer) or failed (no answer). */
function addressUpdateFailed(prev: CustomerView, next: CustomerView): boolean {
  const n = next.notice;
  if (!n || n.step !== 'address' || n.at === prev.notice?.at) return false;
  return n.outcome === 'rejected' || n.outcome === 'failed';
}

/** Whether the merchant prefilled this address: more of it is known than the country alone. */
function prefilled(a: Address | null): boolean {
  return a !== null && str(a.postal_code) !== undefined;
}

/**
 * The first view's events. The documentation: `customer` and `change` are "also triggered on load so you
 * can have the default data", and the address events and `shipping_option_change` "also on load if the
 * user is pre-filled" (an address the merchant sent, an option preselected).
 */
function eventsOnLoad(v: CustomerView): ClientEventOut[] {
  const billing = v.billing_address ?? { country: v.purchase_country };
  const out: ClientEventOut[] = [
    { event: 'load', data: loadPayload(v) },
    { event: 'customer', data: { type: customerType(v.billing_address) } },
    { event: 'change', data: changePayload(billing) },
  ];
  if (prefilled(v.billing_address))
    out.push({ event: 'billing_address_change', data: areaPayload(v.billing_address) });
  const shipping = v.shipping_address ?? v.billing_address;
  if (prefilled(shipping)) out.push({ event: 'shipping_address_change', data: areaPayload(shipping) });
  const option = v.selected_shipping_option;
  if (option) out.push({ event: 'shipping_option_change', data: optionPayload(option) });
  return out;
}

/**
 * The events between two views: `load` and what the documentation also fires on load (or
 * `load_confirmation` on a completed order) for the first view, then one event per kind of change. Nothing when nothing the events speak of changed. The events that
 * fire once per page (`load`, `customer`, …) are filtered by `firstTimeOnly`.
 */
export function eventsBetween(prev: CustomerView | null, next: CustomerView): ClientEventOut[] {
  if (prev === null) {
    if (next.status === 'checkout_complete') return [{ event: 'load_confirmation', data: {} }];
    return eventsOnLoad(next);
  }
  const out: ClientEventOut[] = [];
  if (next.address_entered && !prev.address_entered) {
    out.push({ event: 'customer', data: { type: customerType(next.billing_address) } });
  }
  const pb = prev.billing_address;
  const nb = next.billing_address;
  if (differs(pb, nb, CHANGE_FIELDS)) out.push({ event: 'change', data: changePayload(nb) });
  if (differs(pb, nb, AREA_FIELDS)) out.push({ event: 'billing_address_change', data: areaPayload(nb) });
  const ps = prev.shipping_address;
  const ns = next.shipping_address;
  if (differs(ps, ns, AREA_FIELDS)) out.push({ event: 'shipping_address_change', data: areaPayload(ns) });
  if (addressUpdateFailed(prev, next)) out.push({ event: 'shipping_address_update_error', data: {} });
  const po = prev.selected_shipping_option;
  const no = next.selected_shipping_option;
  if (no && no.id !== po?.id) out.push({ event: 'shipping_option_change', data: optionPayload(no) });
  if (next.totals.total !== prev.totals.total) {
    out.push({ event: 'order_total_change', data: { order_total: next.totals.total } });
  }
  for (const box of next.checkboxes ?? []) {
    const before = prev.checkboxes?.find((b) => b.key === box.key);
    if (before && before.checked !== box.checked)
      out.push({ event: 'checkbox_change', data: { key: box.key, checked: box.checked } });
  }
  if (payFailed(prev, next)) out.push({ event: 'can_not_complete_order', data: {} });
  return out;
}

/** What makes an event a repeat of one already sent: once per page, or once per customer type. */
function onceKey(e: ClientEventOut): string | null {
  switch (e.event) {
    case 'load':
    case 'load_confirmation':
    case 'user_interacted':
    case 'redirect_initiated':
      return e.event;
    case 'customer':
      return `customer:${(e.data as { type?: string } | undefined)?.type ?? ''}`;
    default:
      return null;
  }
}

/** Drops events this page has already sent once (and records the ones it lets through in `sent`). */
export function firstTimeOnly(events: readonly ClientEventOut[], sent: Set<string>): ClientEventOut[] {
  return events.filter((e) => {
    const key = onceKey(e);
    if (key === null) return true;
    if (sent.has(key)) return false;
    sent.add(key);
    return true;
  });
}

export interface Emitter {
  /** Sends the events this page has not sent before (once-only ones once), in order. */
  emit(events: readonly ClientEventOut[]): void;
}

/**
 * One helper for every client-side event: to the merchant's page (postMessage, its origin only) and to
 * the simulator's log (with the origin it went to, or null when the page is not framed). A page that
 * must not talk to its parent sends neither.
 */
export function createEmitter(
  deliver: ((e: ClientEventOut) => boolean) | null,
  log: (e: ClientEventOut) => void,
): Emitter {
  const sent = new Set<string>();
  // `change` fires as the customer leaves an edited field, and again from the order when the address is
  // accepted: the same payload twice in a row is one change.
  let lastChange: string | null = null;
  return {
    emit(events) {
      if (deliver === null) return;
      for (const e of firstTimeOnly(events, sent)) {
        if (e.event === 'change') {
          const key = JSON.stringify(e.data);
          if (key === lastChange) continue;
          lastChange = key;
        }
        deliver(e);
        log(e);
      }
    },
  };
}
