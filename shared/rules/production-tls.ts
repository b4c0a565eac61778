import type { Violation } from '../schemas/exchange.schema';

/**
 * The spec's transport rules for callbacks: every callback URL must be https with a real certificate,
 * and "a self-signed certificate may work in-session but fails push". The simulator applies them only
 * when the `production_tls_rules` setting is on; when it is off, everything is delivered and each call
 * that production would refuse is flagged on its exchange instead.
 */

/** Callbacks made while the customer waits: http is refused, an untrusted certificate is not. */
const IN_SESSION = new Set([
  'address_update',
  'shipping_address_update',
  'country_change',
  'shipping_option_update',
  'validation',
  'upsell',
  'upsell_validation',
  'upsell_notification',
]);
/** Server-to-server calls after the purchase: http and untrusted certificates are both refused. */
const AFTER_PURCHASE = new Set(['push', 'notification']);

export type TlsClass = 'in-session' | 'after-purchase';

/** Which rules apply to an outbound call of this kind; null for calls that are not callbacks. */
export function tlsClassOf(kind: string): TlsClass | null {
  if (AFTER_PURCHASE.has(kind)) return 'after-purchase';
  if (IN_SESSION.has(kind)) return 'in-session';
  return null;
}

export const TLS_RULE = 'checkout-callbacks.authentication';

/** The violation for a plain-http callback URL; `enforced` says whether it was refused or only flagged. */
export function httpViolation(kind: string, enforced: boolean): Violation {
  return {
    rule: TLS_RULE,
    path: `merchant_urls.${kind}`,
    message: enforced
      ? `${kind} URL is not https: refused by the production TLS rules (callbacks need https with a valid certificate)`
      : `${kind} URL is not https: delivered here, but it would fail in production (callbacks need https with a valid certificate)`,
  };
}

/** The violation for an https URL whose certificate is not trusted (self-signed, expired, wrong host). */
export function certificateViolation(kind: string, reason: string, enforced: boolean): Violation {
  return {
    rule: TLS_RULE,
    path: `merchant_urls.${kind}`,
    message: enforced
      ? `${kind} refused by the production TLS rules (${TLS_RULE}): the certificate is not trusted (${reason}); a self-signed certificate may work in-session but fails push (a certificate of your own CA is trusted when the simulator is given it with --merchant-ca)`
      : `${kind} certificate is not trusted (${reason}): delivered here, but it would fail in production (a self-signed certificate fails push)`,
  };
}
