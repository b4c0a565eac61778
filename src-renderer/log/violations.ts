import { type Exchange, type Violation } from '@shared/schemas/exchange.schema';
import { TLS_RULE } from '@shared/rules/production-tls';
import { type SpecDoc } from '../ui/SpecLink';

/** Each rule the simulator checks, in the words of the spec section it comes from. */
const RULES: Record<string, string> = {
  'conventions.arithmetic':
    'Cart arithmetic: each line’s total must be quantity × unit price − discount, its tax must match its rate, and the order totals must be the sums of the lines',
  'callbacks.cart':
    'An answered cart must be a valid cart: order_amount, order_tax_amount and well-formed order_lines',
  'callbacks.rule2': 'Each part of a 200 answer (currency, locale, merchant data…) must be valid on its own',
  'callbacks.rule4': 'A 200 answer needs a JSON object as its body; {} means “no change”',
  'callbacks.rule5':
    'A rejection is a 400 with error_type address_error, unsupported_shipping_address or approval_failed (the first and last with an error_text); a redirect needs a Location header',
  'callbacks.shipping_option': 'Answered shipping options must be valid options (id, name, price, tax)',
  'callbacks.shipping_option.preselected': 'Exactly one answered shipping option must be preselected',
  'callbacks.delivery': 'The callback could not be delivered: nothing answered at the URL',
  'limits.in_session_time':
    'An in-session callback must answer within the time limit (Settings → callback timeout)',
  'errors.status':
    'Only 200, a 400 with an error_type, or 301/302/303/307 with a Location header are valid answers; anything else stops the purchase',
  'integrator.auth': 'The integrator call needs valid credentials',
  'integrator.shippingoptions':
    'The integrator’s shipping options answer must follow the shipping options interface',
  'integrator.shipment_create': 'The integrator’s shipment create answer must follow the interface',
  'integrator.shipment_read': 'The integrator’s shipment read answer must follow the interface',
  'integrator.shipment_update': 'The integrator’s shipment update answer must follow the interface',
  'checkout-callbacks.authentication':
    'Callbacks need https with a valid certificate: production refuses plain http, and a self-signed certificate fails push',
  'checkout-callbacks.limits':
    'Merchant handlers must not read or write the order inside an in-session handler',
  'api.create': 'The create request must be a valid order',
  'api.cancel': 'The cancel request must be allowed for the order',
  // The shipping integrator API (shipping-integrator-api.md, by section; GAPS.md where the spec says "not shown").
  'shipping-integrator-api#post-auth':
    'POST /auth must answer a token for good credentials and 401 for wrong ones (shipping spec § POST /auth)',
  'shipping-integrator-api#authentication':
    'Every call but POST /auth carries the bearer token, which stays valid until the integrator answers 401 (§ Authentication)',
  'shipping-integrator-api#post-shippingoptions':
    'The shipping options answer must be one JSON object with shipping_options: preview: true for a country-only call, preview: false for a full address (§ POST /shippingoptions)',
  'shipping-integrator-api#shipping-option':
    'Each shipping option needs id, type, carrier, name, price including VAT, tax_rate and preview (§ Shipping option)',
  'shipping-integrator-api#location':
    'Each pickup location needs id, name, price, address and coordinates; opening hours are default periods and/or overrides (§ Location)',
  'shipping-integrator-api#add-on': 'Each add-on needs a category and a type (§ Add-on)',
  'shipping-integrator-api#delivery-time':
    'A delivery time is day offsets (interval.earliest ≤ interval.latest) or ISO 8601 date-times (§ Delivery time)',
  'shipping-integrator-api#post-shipment':
    'POST /shipment must answer 201 with shipment_id and a Location header naming the shipment (§ POST /shipment)',
  'shipping-integrator-api#put-shipmentshipment_id':
    'PUT /shipment/{shipment_id} must answer the shipment as POST /shipment does (§ PUT /shipment/{shipment_id})',
  'shipping-integrator-api#get-shipmentshipment_id':
    'GET /shipment/{shipment_id} must answer every shipment with its tracking_id (§ GET /shipment/{shipment_id})',
  'shipping-integrator-api#shipment-response-body':
    'A shipment answer needs shipment_id, selected_shipping_option with carrier and carrier_product, and shipments (§ Shipment response body)',
  'shipping-integrator-api#errors':
    'Only the statuses the spec lists are valid answers; anything else sends the checkout to the fallback options (§ Errors)',
  'shipping-integrator-api#resources-and-their-fields':
    'Every payload is JSON, with the fields the spec lists (§ Resources and their fields)',
  'GAPS#shipping-integrator-api':
    'The integrator answered outside what GAPS.md settles for the shipping API (status codes, media types, the token field)',
};

/** Whose message broke the rules: the merchant's server, the integrator (shipping calls), or the request. */
export function violationSubject(e: Pick<Exchange, 'direction' | 'kind'>): string {
  if (e.direction !== 'out') return 'This request';
  return e.kind.startsWith('shipping.') ? 'The integrator’s answer' : 'Your server’s answer';
}

/**
 * The panel's headline over an exchange's violations: what was found. A plain-http (or untrusted) callback
 * URL is about the order's setup, not about anyone's answer, so it is named as such.
 */
export function violationHeadline(e: Pick<Exchange, 'direction' | 'kind' | 'violations'>): string {
  const setup = e.violations.filter((v) => v.rule === TLS_RULE).length;
  const broken = e.violations.length - setup;
  const parts: string[] = [];
  if (broken > 0) parts.push(`${violationSubject(e)} broke ${broken === 1 ? 'a rule' : `${broken} rules`}`);
  if (setup > 0) {
    const url = setup === 1 ? 'the order’s URL' : `${setup} of the order’s URLs`;
    parts.push(
      `${parts.length > 0 ? url : url[0]!.toUpperCase() + url.slice(1)} would be refused in production`,
    );
  }
  return parts.join(', and ');
}

/** A violation in plain words: what the rule says, where the answer broke it, and how. */
export interface PlainViolation {
  rule: string;
  title: string;
  where: string;
  message: string;
}

/** Puts a recorded violation in words a developer reads at a glance; unknown rules keep their id. */
export function plainViolation(v: Violation): PlainViolation {
  const where =
    v.path === '' || v.path === '(body)' || v.path === '(root)'
      ? 'the response body'
      : v.path === 'Location'
        ? 'the Location header'
        : v.path;
  return { rule: v.rule, title: RULES[v.rule] ?? `Rule ${v.rule}`, where, message: v.message };
}

/** The spec document (in docs/spec/) a rule comes from, or null for the simulator's own rules. */
export function specDocOfRule(rule: string): SpecDoc | null {
  if (rule.startsWith('GAPS') || rule.startsWith('api.')) return 'GAPS.md';
  if (rule.startsWith('shipping-integrator-api') || rule.startsWith('integrator.'))
    return 'shipping-integrator-api.md';
  if (/^(checkout-callbacks|callbacks|conventions|limits|errors)\b/.test(rule))
    return 'checkout-callbacks.md';
  return null;
}
