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

/** JSON fields whose values are credentials: a bearer token, a password, an auth digest. */
const SECRET_FIELDS = new Set(['token', 'access_token', 'refresh_token', 'password', 'digest']);
// A quick test before parsing: most bodies (orders, options) have none of these and pass untouched.
const MAY_HOLD_SECRET = /"(token|access_token|refresh_token|password|digest|key)"\s*:/;

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value !== 'object' || value === null) return value;
  const obj = value as Record<string, unknown>;
  // An integrator's credentials come as {identifier, key}: the key is the secret there.
  const credentialPair = typeof obj.identifier === 'string';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] =
      typeof v === 'string' && (SECRET_FIELDS.has(k) || (credentialPair && k === 'key'))
        ? '****'
        : maskValue(v);
  }
  return out;
}

/**
 * Masks credentials inside a body before it is logged: secret JSON fields, and customer tokens wherever
 * they appear (an order's html_snippet, an HTML page); other bodies are returned as they are.
 */
export function maskBody(body: string | null): string | null {
  if (body === null) return body;
  const text = maskCustomerTokens(body);
  if (!MAY_HOLD_SECRET.test(text)) return text;
  try {
    return JSON.stringify(maskValue(JSON.parse(text)));
  } catch {
    return text;
  }
}
