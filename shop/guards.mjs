// Two checks a merchant's server makes before it acts on a browser's request. Neither needs a framework;
// both are a few lines, and both are easy to forget in a demo that "only runs locally".
//
// 1. Host: a page on a foreign name can switch its DNS to 127.0.0.1 after loading (DNS rebinding); its
//    requests then reach this server as if same-origin, but carry the foreign name in Host. So the shop
//    answers only to names whose address nobody else decides: localhost (and *.localhost), an IP
//    address, the name it was started with (--host) and the names it is given (allowedHosts: the
//    simulator's config `allowed_hosts`). The port is not compared: Docker or a proxy may
//    map another one, and a rebinding page cannot change the name.
// 2. Cross-site posts (CSRF): any page can post a form to the shop, and the browser sends the visitor's
//    cookie along. The back office (switches, Ship, which captures payment) and the cart change state, so
//    a post must come from the shop's own pages. Browsers say where a request comes from: Sec-Fetch-Site,
//    Origin (on every POST in current browsers), Referer. A request with none of them is not from a
//    browser (curl, a script) and could have read any form token first, so it is let through.
//    The checkout's callbacks (/kco/…) come from the checkout service's server, not a browser: not checked.

import { isIP } from 'node:net';

const normalize = (name) =>
  String(name)
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** The name part of a Host value (`name`, `name:port`, `[v6]:port`); null when it is malformed. */
function hostName(host) {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(String(host ?? '').trim());
  return m ? normalize(m[1]) : null;
}

/**
 * A check of the Host header for a server started on `bindHost`, also answering to `allowedHosts`:
 * returns why it refuses, or null.
 */
export function hostCheck(bindHost, allowedHosts = []) {
  const own = normalize(bindHost);
  const names = own === '' || isIP(own) ? [] : [own];
  const extra = allowedHosts.map(normalize).filter((n) => n !== '');
  return (host) => {
    const name = hostName(host);
    if (
      name &&
      (name === 'localhost' ||
        name.endsWith('.localhost') ||
        isIP(name) ||
        names.includes(name) ||
        extra.includes(name))
    )
      return null;
    const allowed = [
      'localhost',
      'an IP address',
      ...names.map((n) => `${n} (--host)`),
      ...extra.map((n) => `${n} (allowed_hosts)`),
    ].join(', ');
    return `The address ${host ? `"${host}"` : '(no Host header)'} is not this shop's: it answers only to ${allowed}.`;
  };
}

/** Whether a header's URL (Origin, Referer) names the host this request was sent to. */
function sameHost(url, host) {
  try {
    return new URL(url).host === String(host).toLowerCase();
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage: not the shop's own page
  }
}

/** Why a state-changing request is refused as cross-site, or null when it comes from the shop's pages. */
export function crossSiteRefusal(req) {
  const { host } = req.headers;
  const site = req.headers['sec-fetch-site'];
  // same-site is another port or subdomain of the same site: another local app, not the shop.
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `it was sent from another site (Sec-Fetch-Site: ${site})`;
  const origin = req.headers.origin;
  if (origin !== undefined) return sameHost(origin, host) ? null : `it was sent from ${origin}`;
  const referer = req.headers.referer;
  if (referer !== undefined) return sameHost(referer, host) ? null : `it was sent from a page at ${referer}`;
  return null;
}
