import type { MerchantRequest, ScenarioOrder } from '@shared/schemas/scenario.schema';
import { CALLBACK_KEYS } from '@shared/schemas/checkout-order.schema';
import type { JourneyRecords } from './journey-records';
import { DEFAULT_MERCHANT_PATHS } from '@shared/samples/merchant-paths';

/** The merchant_urls keys a scenario file takes (scenario.schema.ts). */
const URL_KEYS = ['terms', 'checkout', 'confirmation', 'cancellation_terms', ...CALLBACK_KEYS] as const;

/** Fields the checkout API fills in: never part of what the merchant sends. */
const FILLED_IN = [
  'order_id',
  'status',
  'html_snippet',
  'started_at',
  'completed_at',
  'last_modified',
  'expires_at',
  'merchant_urls',
  'selected_shipping_option',
  'billing_address',
  'shipping_address',
  'customer',
  'recurring_token',
];

/** The order's merchant: the origin its merchant_urls point at (push first, then the others). */
function originOf(urls: Record<string, string>): string | null {
  for (const key of ['push', 'confirmation', 'validation', 'checkout', 'terms']) {
    const u = urls[key];
    if (u && URL.canParse(u)) return new URL(u).origin;
  }
  const any = Object.values(urls).find((u) => URL.canParse(u));
  return any ? new URL(any).origin : null;
}

export interface JourneyOrder {
  order: ScenarioOrder;
  /** The merchant the scenario runs against: its origin, or null for the sample shop (the default). */
  merchantUrl: string | null;
  shop: boolean;
  comment: string;
}

/**
 * The order as the merchant created it: the sample shop's cart as requests to it (its lines added one
 * by one, then its checkout page), or any other merchant's create body with merchant_urls as paths.
 */
export function journeyOrder(r: JourneyRecords): JourneyOrder {
  const created = r.exchanges.find((x) => x.kind === 'checkout.create' && x.status === 201);
  let body: Record<string, unknown> | null = null;
  try {
    body = created?.request.body ? (JSON.parse(created.request.body) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  const doc = r.session.order as unknown as Record<string, unknown>;
  const urls = ((body ?? doc).merchant_urls ?? {}) as Record<string, string>;
  const origin = originOf(urls);
  const shopOrigin = r.shopUrl && URL.canParse(r.shopUrl) ? new URL(r.shopUrl).origin : null;
  const lines = ((body ?? doc).order_lines ?? []) as {
    type?: string;
    reference?: string;
    quantity?: number;
  }[];
  if (origin && origin === shopOrigin) {
    const adds: MerchantRequest[] = lines
      .filter((l) => (l.type ?? 'physical') === 'physical' && l.reference)
      .flatMap((l) =>
        Array.from({ length: Math.max(1, l.quantity ?? 1) }, () => ({
          method: 'POST' as const,
          path: '/cart/lines',
          form: { product: l.reference!, action: 'add' },
        })),
      );
    return {
      order: { from_merchant: [...adds, { path: '/checkout' }] },
      merchantUrl: null,
      shop: true,
      comment: 'the sample shop made the order: its cart, then its checkout page',
    };
  }
  const create: Record<string, unknown> = Object.fromEntries(
    Object.entries(body ?? doc).filter(([k]) => (body ? k !== 'merchant_urls' : !FILLED_IN.includes(k))),
  );
  // Keys a scenario's merchant_urls know, as paths on the merchant; any other stays in the body, whole.
  const known = (k: string) => (URL_KEYS as readonly string[]).includes(k);
  const merchant_urls: Record<string, string | null> = Object.fromEntries(
    Object.entries(urls)
      .filter(([k]) => known(k))
      .map(([k, u]) => [k, origin && u.startsWith(origin) ? u.slice(origin.length) || '/' : u]),
  );
  const others = Object.entries(urls).filter(([k]) => !known(k));
  if (others.length) create.merchant_urls = Object.fromEntries(others);
  // A scenario's merchant_urls add to the sample shop's defaults: the ones this merchant did not have
  // are removed (null), so the run calls only the callbacks it registered.
  else
    for (const key of Object.keys(DEFAULT_MERCHANT_PATHS))
      if (!(key in merchant_urls)) merchant_urls[key] = null;
  return {
    order: { create, merchant_urls },
    merchantUrl: origin,
    shop: false,
    comment: body
      ? 'the body the merchant sent (POST /checkout/v3/orders), its merchant_urls as paths'
      : 'the create request is no longer in the log: the order as it is now, less what the service fills in',
  };
}
