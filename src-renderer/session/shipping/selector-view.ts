import { type ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import {
  LOCATION_TYPES,
  ShippingOptionSchema as TmsOptionSchema,
  type ShippingOption as TmsOption,
} from '@shared/schemas/integrator.schema';
import { type ShippingState } from '@shared/schemas/shipping-assistant.schema';
import { fallbackCauseText } from '@shared/format/shipping-format';

/*
 * What the shipping selector shows for a session: the options in the integrator's order, which of them the
 * customer can pick, and the banners that say where the options come from.
 */

/** One option of the selector: the checkout's shape, and the integrator's when it came from one. */
export interface ShownOption {
  id: string;
  checkout: CheckoutOption;
  /** The integrator's fields (type, carrier, locations, add-ons…); null for merchant and fallback options. */
  tms: TmsOption | null;
  /** Preview options are shown but cannot be picked until the address is known. */
  preview: boolean;
}

/** The session's options as the selector shows them, in the order given (the integrator's order). */
export function shownOptions(options: readonly CheckoutOption[]): ShownOption[] {
  return options.map((o) => {
    const parsed = TmsOptionSchema.safeParse(o);
    const tms = parsed.success ? parsed.data : null;
    return { id: o.id, checkout: o, tms, preview: tms?.preview === true };
  });
}

/** Whether an option's final choice holds a location (pickup point, locker, store). */
export function hasLocations(tms: TmsOption | null): boolean {
  return tms !== null && LOCATION_TYPES.includes(tms.type) && (tms.locations?.length ?? 0) > 0;
}

/** The option the selector starts on: the customer's earlier choice when still offered, else the first pickable. */
export function initialOptionId(
  options: readonly ShownOption[],
  earlier: readonly (string | undefined)[],
): string {
  const pickable = options.filter((o) => !o.preview);
  for (const id of earlier) if (id && pickable.some((o) => o.id === id)) return id;
  const preselected = pickable.find((o) => o.checkout.preselected);
  return (preselected ?? pickable[0])?.id ?? '';
}

/** An earlier location or timeslot when it is still offered, else the first (the integrator's nearest). */
export function pickOffered<T extends { id: string }>(
  offered: readonly T[] | undefined,
  earlier?: string | null,
): string {
  if (!offered || offered.length === 0) return '';
  return offered.find((x) => x.id === earlier)?.id ?? offered[0]!.id;
}

export type BannerTone = 'info' | 'warn' | 'error' | 'ok';

export interface Banner {
  key: 'preview' | 'fallback' | 'digital' | 'no-options' | 'failure';
  tone: BannerTone;
  title: string;
  text: string;
}

/** The banners above the options: where they come from and why, in the customer's and the developer's words. */
export function selectorBanners(sh: ShippingState, optionCount: number): Banner[] {
  const banners: Banner[] = [];
  if (sh.failure_reason) {
    banners.push({
      key: 'failure',
      tone: 'error',
      title: 'The last payment restarted the shipping selection',
      text: `The integrator did not confirm the shipment: ${sh.failure_reason}. The customer picks an option again and pays again.`,
    });
  }
  if (sh.source === 'fallback') {
    banners.push({
      key: 'fallback',
      tone: 'warn',
      title: 'Fallback options',
      text: `These are the merchant’s own shipping_options, shown because ${fallbackCauseText(sh.fallback_cause)}${sh.reason ? ` (${sh.reason})` : ''}.`,
    });
  }
  if (sh.digital_banner) {
    banners.push({
      key: 'digital',
      tone: 'info',
      title: 'Delivered digitally',
      text:
        sh.source === 'digital'
          ? 'The cart has no physical item: it is delivered digitally, by e-mail or SMS. The integrator is not asked and the customer sees no shipping selector.'
          : 'The cart holds a digital item: that part is delivered digitally, by e-mail or SMS.',
    });
  }
  if (sh.source === 'integrator' && sh.no_options) {
    banners.push({
      key: 'no-options',
      tone: 'error',
      title: 'No shipping options',
      text: 'The integrator answered an empty list: nothing can be shipped to this address, so the customer cannot pay. This is not a fallback: change the address or the cart.',
    });
  } else if (sh.source === 'integrator' && sh.request === 'preview' && optionCount > 0) {
    banners.push({
      key: 'preview',
      tone: 'info',
      title: 'Preview — enter your address for exact options',
      text: 'Only the country is known, so the integrator sent preview options. They show what to expect and cannot be chosen yet.',
    });
  }
  return banners;
}
