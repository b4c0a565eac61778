import { type Violation } from '@shared/schemas/exchange.schema';

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
};

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
