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
