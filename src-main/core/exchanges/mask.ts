import { maskCustomerTokens } from '@shared/rules/customer-token-mask';

/** Headers whose values are secrets: shown masked in the log and the console. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** Keeps the scheme (Basic, Bearer) so a reader still sees which auth was used. */
export function maskSecret(value: string): string {
  const m = /^(\w+)\s+\S+/.exec(value);
  return m ? `${m[1]} ****` : '****';
}

export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : v;
    out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? maskSecret(value) : value;
  }
  return out;
}

/** JSON fields whose values are credentials: a bearer token, a password, an auth digest, a secret. */
const SECRET_FIELDS = new Set(['token', 'access_token', 'refresh_token', 'password', 'digest', 'secret']);
/** A field holding an Authorization header (`/test_helpers/exchanges/{id}/sent_authorization`'s answer). */
const HEADER_FIELD = 'authorization';
// A quick test before parsing: most bodies (orders, options) have none of these and pass untouched.
const MAY_HOLD_SECRET = /"(token|access_token|refresh_token|password|digest|secret|key|authorization)"\s*:/i;
// The same fields in a body that is not JSON (a broken one still carries what its sender typed).
const SECRET_IN_TEXT =
  /"(token|access_token|refresh_token|password|digest|secret|key|authorization)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/gi;

function maskValue(value: unknown, inSecret = false): unknown {
  if (Array.isArray(value)) return value.map((v) => maskValue(v, inSecret));
  if (typeof value !== 'object' || value === null) return value;
  const obj = value as Record<string, unknown>;
  // An integrator's credentials come as {identifier, key}: the key is the secret there, and so is
  // anything but the nonce inside a `secret` object (a client that put its key there in clear).
  const credentialPair = typeof obj.identifier === 'string';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v !== 'string') out[k] = maskValue(v, k === 'secret');
    else if (k.toLowerCase() === HEADER_FIELD) out[k] = maskSecret(v);
    else if (SECRET_FIELDS.has(k) || (k === 'key' && (credentialPair || inSecret))) out[k] = '****';
    else out[k] = inSecret && k !== 'nonce' ? '****' : v;
  }
  return out;
}

/**
 * Masks credentials inside a body before it is logged: secret JSON fields (a body that is not JSON
 * has them masked where they appear), an Authorization header as a field (keeping its scheme), and
 * customer tokens wherever they appear (an order's html_snippet, an HTML page); other bodies are
 * returned as they are.
 */
export function maskBody(body: string | null): string | null {
  if (body === null) return body;
  const text = maskCustomerTokens(body);
  if (!MAY_HOLD_SECRET.test(text)) return text;
  try {
    return JSON.stringify(maskValue(JSON.parse(text)));
  } catch {
    return text.replace(SECRET_IN_TEXT, (_all, name: string, colon: string, value: string) =>
      name.toLowerCase() === HEADER_FIELD
        ? `"${name}"${colon}"${maskSecret(value)}"`
        : `"${name}"${colon}"****"`,
    );
  }
}
