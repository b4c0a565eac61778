/**
 * Where an order's customer token shows up in text the log keeps: the embedded checkout's address
 * (`…/kco/frame/<id>?token=…`, in `html_snippet` and the session's `customer_url`) and the snippet's
 * `KlarnaCheckout <token>` authorization. Whoever holds the token opens that customer's live checkout, so
 * it is a credential like the merchant's password. Any `token=` query value is taken: a merchant's own
 * URL with a token in its query is a secret too.
 */
const CUSTOMER_TOKEN = /([?&]token=|KlarnaCheckout\s+)[A-Za-z0-9._~%-]+/g;
/** A quick test before the replace: most bodies (order management, shipping) hold no token. */
const MAY_HOLD_TOKEN = /token=|KlarnaCheckout/;

/** The text with every customer token replaced by `****` (the rest, the address and the scheme, kept). */
export function maskCustomerTokens(text: string): string {
  return MAY_HOLD_TOKEN.test(text) ? text.replace(CUSTOMER_TOKEN, '$1****') : text;
}

interface Message {
  headers: Record<string, string>;
  body: string | null;
}
const maskMessage = (m: Message): Message => ({
  headers: Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, maskCustomerTokens(v)])),
  body: m.body === null ? null : maskCustomerTokens(m.body),
});

/**
 * A recorded exchange with customer tokens masked in its headers and bodies: what leaves the console (a
 * HAR file, a cURL command) is masked even for an exchange logged before the log masked them. The address
 * is left alone: the simulator never calls one with a customer token, and the merchant's own is theirs.
 */
export function withCustomerTokensMasked<E extends { request: Message; response: Message }>(e: E): E {
  return {
    ...e,
    request: maskMessage(e.request),
    response: maskMessage(e.response),
  };
}
