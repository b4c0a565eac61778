import type { CallbackKey, MerchantUrls } from '../schemas/checkout-order.schema';
import type { FieldProblem } from '../schemas/common.schema';
import { CALLBACK_KEYS } from '../schemas/checkout-order.schema';

export const ORDER_ID_PLACEHOLDER = '{checkout.order.id}';

/** Replaces every `{checkout.order.id}` in a callback URL with the order id. */
export function expandUrl(url: string, orderId: string): string {
  return url.split(ORDER_ID_PLACEHOLDER).join(encodeURIComponent(orderId));
}

/**
 * The URL of a callback, or undefined when the merchant did not register it (every callback is opt-in).
 * `address_update` falls back to its older name `shipping_address_update`.
 */
export function callbackUrl(urls: MerchantUrls, key: CallbackKey, orderId: string): string | undefined {
  let url = urls[key];
  if (key === 'address_update' && url === undefined) url = urls.shipping_address_update;
  return url === undefined ? undefined : expandUrl(url, orderId);
}

/** The merchant_urls key the address callback is registered under, if any. */
export function addressCallbackKey(
  urls: MerchantUrls,
): 'address_update' | 'shipping_address_update' | undefined {
  if (urls.address_update !== undefined) return 'address_update';
  if (urls.shipping_address_update !== undefined) return 'shipping_address_update';
  return undefined;
}

/** Warnings for callback URLs production would refuse: not https, or not a URL at all. */
export function urlWarnings(urls: MerchantUrls): string[] {
  const out: string[] = [];
  for (const key of CALLBACK_KEYS) {
    const url = urls[key];
    if (url === undefined) continue;
    let parsed: URL;
    try {
      parsed = new URL(expandUrl(url, 'x'));
    } catch {
      out.push(`merchant_urls.${key} is not a valid URL: the call will fail`);
      continue;
    }
    if (parsed.protocol !== 'https:') {
      out.push(`merchant_urls.${key} is not https: it would be refused in production`);
    }
  }
  return out;
}

/**
 * Under the production TLS rules, each callback URL that is not https, as a field problem: the order is
 * refused at create and update (400 BAD_VALUE naming the field) instead of failing at its first call.
 */
export function nonHttpsProblems(urls: Partial<MerchantUrls>): FieldProblem[] {
  return CALLBACK_KEYS.flatMap((key) => {
    const url = urls[key];
    if (url === undefined || /^https:/i.test(url)) return [];
    return [
      { path: `merchant_urls.${key}`, message: 'must be an https URL (the production TLS rules are on)' },
    ];
  });
}
