import type { ShippingOption } from '@shared/schemas/checkout-order.schema';
import type { CustomerShipping } from '@shared/schemas/customer.schema';
import type { Addon, DeliveryTime, Feature, Location, Timeslot } from '@shared/schemas/integrator.schema';
import type { AddonChoice, ShippingSelection } from '@shared/schemas/shipping-assistant.schema';
import { addonPayload, initialAddonDrafts, type AddonDraft, type Contact } from '@shared/rules/addon-form';
import {
  badgeName,
  fallbackCauseText,
  formatDeliveryTime,
  humanize,
  shippingTypeName,
} from '@shared/format/shipping-format';
import { timeOptions } from './format';

/*
 * The shipping options as the customer sees them: the merchant's options as they are, the integrator's
 * with their carrier, delivery time, pickup locations, timeslots and add-ons. The view carries both in
 * the checkout's option shape; the integrator's fields sit beside the merchant's (no schema is parsed
 * here, to keep zod out of the page).
 */

/** The integrator's fields of an option (absent on the merchant's and the fallback options). */
export interface IntegratorFields {
  type: string;
  carrier: string;
  class?: string;
  preview: boolean;
  delivery_time?: DeliveryTime;
  locations: Location[];
  timeslots: Timeslot[];
  addons: Addon[];
  features: Feature[];
}

const LOCATION_TYPES = new Set(['pickup-box', 'pickup-point', 'pickup-merchant-store']);

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function integratorFields(o: ShippingOption): IntegratorFields | null {
  const x = o as Record<string, unknown>;
  if (typeof x.carrier !== 'string' || typeof x.type !== 'string') return null;
  return {
    type: x.type,
    carrier: x.carrier,
    ...(typeof x.class === 'string' ? { class: x.class } : {}),
    preview: x.preview === true,
    ...(x.delivery_time && typeof x.delivery_time === 'object'
      ? { delivery_time: x.delivery_time as DeliveryTime }
      : {}),
    locations: LOCATION_TYPES.has(x.type) ? list<Location>(x.locations) : [],
    timeslots: list<Timeslot>(x.timeslots),
    addons: list<Addon>(x.addons),
    features: list<Feature>(x.features),
  };
}

/** Whether picking the option asks for more (a location, a delivery time, add-ons): then a button confirms. */
export function hasChoices(t: IntegratorFields | null): boolean {
  return t !== null && (t.locations.length > 0 || t.timeslots.length > 0 || t.addons.length > 0);
}

/** The lines under an option's name: who carries it and when it arrives. */
export function optionDetails(o: ShippingOption, t: IntegratorFields | null): string[] {
  if (!t) return [o.description].filter((d): d is string => typeof d === 'string' && d !== '');
  const who = `${humanize(t.carrier)} · ${shippingTypeName(t.type, o.shipping_method)}`;
  const when = formatDeliveryTime(t.delivery_time, timeOptions());
  const badges = t.features.filter((f) => f.class === 'badge').map((f) => badgeName(f.type));
  return [
    who,
    ...(o.description ? [o.description] : []),
    ...(when ? [when.text, ...(when.cutoff ? [when.cutoff] : [])] : []),
    ...badges,
  ];
}

/** What the customer has set for one option so far. */
export interface ChoiceDraft {
  locationId: string;
  timeslotId: string;
  addons: AddonDraft[];
}

/** An earlier id while it is still offered, else the first (the integrator's nearest or earliest). */
export function pickOffered(offered: readonly { id: string }[], earlier?: string | null): string {
  return offered.find((x) => x.id === earlier)?.id ?? offered[0]?.id ?? '';
}

/** The form's start for an option: the earlier choice of the same option when there is one, else its defaults. */
export function initialChoice(
  optionId: string,
  t: IntegratorFields,
  earlier: ShippingSelection | null,
  contact: Contact,
): ChoiceDraft {
  const same = earlier?.id === optionId ? earlier : null;
  return {
    locationId: pickOffered(t.locations, same?.location_id),
    timeslotId: pickOffered(t.timeslots, same?.timeslot_id),
    addons: initialAddonDrafts(t.addons, contact, same?.addons),
  };
}

export interface ShippingOptionInput {
  id: string;
  location_id?: string;
  timeslot_id?: string;
  addons?: AddonChoice[];
}

/** The shipping_option step's input for an option and the customer's choices. */
export function choiceInput(
  id: string,
  t: IntegratorFields | null,
  draft: ChoiceDraft | null,
): ShippingOptionInput {
  if (!t || !draft) return { id };
  const locationId = pickOffered(t.locations, draft.locationId);
  const timeslotId = pickOffered(t.timeslots, draft.timeslotId);
  return {
    id,
    ...(locationId ? { location_id: locationId } : {}),
    ...(timeslotId ? { timeslot_id: timeslotId } : {}),
    ...(t.addons.length > 0 ? { addons: addonPayload(t.addons, draft.addons) } : {}),
  };
}

/** The option that starts chosen: the one selected on the order, else the preselected one, else the first. */
export function initialOptionId(
  options: readonly ShippingOption[],
  selectedIds: readonly (string | null | undefined)[],
): string {
  const pickable = options.filter((o) => !integratorFields(o)?.preview);
  for (const id of selectedIds) if (id && pickable.some((o) => o.id === id)) return id;
  return (pickable.find((o) => o.preselected) ?? pickable[0])?.id ?? '';
}

export interface Banner {
  key: 'fallback' | 'digital' | 'no-options' | 'failure' | 'preview';
  tone: 'info' | 'warn' | 'error';
  title: string;
  text: string;
}

/** The notes above the options, in the customer's words (and a developer's hint where the simulator adds one). */
export function shippingBanners(sh: CustomerShipping, addressEntered: boolean): Banner[] {
  const banners: Banner[] = [];
  if (sh.failure_reason) {
    banners.push({
      key: 'failure',
      tone: 'error',
      title: 'Please choose a delivery option again',
      text: `The carrier could not book your delivery: ${sh.failure_reason}`,
    });
  }
  if (sh.digital_banner) {
    banners.push({
      key: 'digital',
      tone: 'info',
      title: 'Your order is delivered digitally',
      text:
        sh.source === 'digital'
          ? 'You receive it by email or SMS: there is nothing to ship.'
          : 'The digital items of your order arrive by email or SMS.',
    });
  }
  if (sh.source === 'fallback') {
    banners.push({
      key: 'fallback',
      tone: 'warn',
      title: 'Standard delivery options',
      text: `Simulated: the shop’s own options show because ${fallbackCauseText(sh.fallback_cause)}${sh.reason ? ` (${sh.reason})` : ''}.`,
    });
  }
  if (sh.no_options) {
    banners.push({
      key: 'no-options',
      tone: 'error',
      title: 'No delivery to this address',
      text: 'There is no delivery option for this address. Change the address or contact the shop.',
    });
  } else if (sh.preview && !addressEntered && sh.options.length > 0) {
    banners.push({
      key: 'preview',
      tone: 'info',
      title: 'Estimated options',
      text: 'Enter your address to see the options available to you.',
    });
  }
  return banners;
}

/** The server's problems with a choice: per add-on (`addons[2].data.text`, shown under it), and the rest. */
export function splitChoiceProblems(problems: readonly { path: string; message: string }[]): {
  byAddon: Map<number, string>;
  other: string[];
} {
  const byAddon = new Map<number, string>();
  const other: string[] = [];
  for (const p of problems) {
    const i = /^addons\[(\d+)\]/.exec(p.path)?.[1];
    if (i !== undefined && !byAddon.has(Number(i))) byAddon.set(Number(i), p.message);
    else other.push(p.message);
  }
  return { byAddon, other };
}

/**
 * Whether the customer's click stays chosen after the step ran. Only an applied step changed the order;
 * after any other answer the order document still holds its option, and the checkout shows that one
 * (issue 34 point 3: it kept showing Express while the order and the console said Standard). The one
 * exception is the simulator refusing the choice's own add-on values: the customer corrects them in place.
 * @example keepsChoice({ outcome: 'failed' }) // false
 */
export function keepsChoice(
  r: { outcome: string } | { problems: readonly { path: string; message: string }[] },
): boolean {
  if ('outcome' in r) return r.outcome === 'applied';
  return splitChoiceProblems(r.problems).byAddon.size > 0;
}

/** The line under a failed delivery change: the option the order still holds, so nobody reads the click as done. */
export function keptOptionText(kept: { name: string } | null | undefined): string {
  return kept
    ? `Your delivery was not changed: ${kept.name} is still selected.`
    : 'Your delivery was not changed: no option is selected yet.';
}
