/**
 * Origins allowed to frame the embedded checkout (the setting `checkout_frame_origins`). Unlike an
 * elements client's allowed origins, plain http is fine on any host: merchant developers frame the
 * checkout from `http://localhost:3000`, `http://shop.test` and the like.
 */

/** The origin as browsers send it (lower case, default port dropped), or null when `raw` is not one. */
export function normalizeFrameOrigin(raw: string): string | null {
  if (raw.trim() !== raw || !/^https?:\/\/[^/?#]+$/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return url.origin;
}

export const isFrameOrigin = (raw: string): boolean => normalizeFrameOrigin(raw) !== null;

/** Whether a page of `origin` may frame the checkout: any origin when the list is empty. */
export function frameAllowed(allowed: readonly string[], origin: string | null): boolean {
  if (allowed.length === 0) return true;
  if (origin === null) return false;
  const o = normalizeFrameOrigin(origin);
  return o !== null && allowed.some((a) => normalizeFrameOrigin(a) === o);
}

/** The CSP `frame-ancestors` source list for the setting. */
export function frameAncestors(allowed: readonly string[]): string {
  if (allowed.length === 0) return '*';
  return allowed.map((a) => normalizeFrameOrigin(a) ?? a).join(' ');
}
