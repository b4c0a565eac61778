/**
 * Whether a URL a merchant gave is a web address: absolute, http or https. Anything else (`javascript:`,
 * `data:`, `file:`, a relative path) is refused where a URL is taken (web-url.schema.ts) and never
 * rendered as a link: a `javascript:` terms link would run in the checkout's origin when clicked.
 * `{checkout.order.id}`, the placeholder the checkout fills in, is allowed anywhere in it.
 *
 * @example isWebUrl('https://shop.example/push?id={checkout.order.id}') // true
 * @example isWebUrl('javascript:alert(1)') // false
 */
export function isWebUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.split('{checkout.order.id}').join('x'));
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/** The URL when it is a web address, else null: what a page may put in an `href`. */
export const webHref = (url: string | null | undefined): string | null => (url && isWebUrl(url) ? url : null);
