// Fuzz requests for the listeners that have no OpenAPI document (the embedded checkout, the sample shop,
// the console's control API): each route of a hand-written table (listener-routes.mjs), sent as it is
// valid or broken in one way: a path segment or the query with odd percent-encoding, the wrong method,
// odd headers, a body that is not what the route reads. Each request says what it broke, for the checks.
import { BODY_KINDS, mutateBody } from './mutate.mjs';

/** Path segments and query values a decoder trips on: malformed escapes, encoded separators, odd bytes. */
export const ODD_SEGMENTS = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%C3%28',
  '%ED%A0%80',
  '%F0%9F%98',
  '%FF',
  '%u0041',
  '%%',
  '%00',
  '%2F',
  '%252F',
  '%2e%2e',
  '..',
  '.',
  '%0D%0AX-Injected:%201',
  '%E2%98%83',
  'Å',
  '\u00ff',
  '__proto__',
  'constructor',
  'x'.repeat(3000),
  '%41%42',
  '-1',
  ';x=1',
  '*',
];
const SUFFIXES = ['/', '//', '/..', '/%ZZ', '/%', ';jsessionid=1', '%00', '/.', '/x/y/z'];
const ODD_QUERIES = [
  'token=%ZZ',
  'token=%',
  'order_id=%E0%A4%A',
  '%ZZ=1',
  '=%',
  '&&==&',
  'a=1&a=2&a=3',
  'token=&token=x',
  'origin=%ZZ',
  'origin=javascript:alert(1)',
  'order_id=__proto__',
  `q=${'x'.repeat(4000)}`,
  'saved=%C3%28',
  'x=%2F..%2F..%2Fetc%2Fpasswd',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  '*/*',
  '',
  'application/json;;;',
];
/** Headers a browser, a proxy or an attacker might send, one odd value each. */
const ODD_HEADERS = [
  { authorization: 'KlarnaCheckout' },
  { authorization: 'KlarnaCheckout %ZZ' },
  { authorization: `KlarnaCheckout ${'a'.repeat(6000)}` },
  { authorization: 'Basic !!!' },
  { cookie: 'sid=%ZZ' },
  { cookie: `sid=${'x'.repeat(6000)}` },
  { cookie: ';;;=;sid;=' },
  { cookie: 'sid=__proto__; __proto__=1' },
  { origin: 'null' },
  { origin: 'http://evil.example' },
  { origin: '%ZZ' },
  { referer: 'http://%ZZ' },
  { accept: 'text/event-stream' },
  { accept: '*/*;q=%ZZ' },
  { range: 'bytes=0-1,5-' },
  { 'if-none-match': '*' },
  { 'x-forwarded-for': '999.1.1.1' },
  { 'accept-language': 'x'.repeat(2000) },
  { 'content-type': 'application/json', 'x-http-method-override': 'DELETE' },
];

const FAMILIES = { valid: 20, path: 22, query: 12, method: 8, headers: 12, body: 26 };

/** Fills a route's `{name}` placeholders from the fixtures, or one of them with an odd segment. */
function fillPath(route, fixtures, rng, odd) {
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const oddName = odd && names.length > 0 && rng.chance(0.6) ? rng.pick(names) : null;
  let path = route.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (name === oddName) return rng.pick(ODD_SEGMENTS);
    const pool = fixtures[name];
    return encodeURIComponent(Array.isArray(pool) && pool.length > 0 ? rng.pick(pool) : 'none');
  });
  if (odd && oddName === null) {
    const parts = path.split('/');
    const at = rng.int(1, Math.max(1, parts.length - 1));
    if (rng.chance(0.5)) parts[at] = rng.pick(ODD_SEGMENTS);
    else parts[at] = `${parts[at]}${rng.pick(SUFFIXES)}`;
    path = parts.join('/');
  }
  return path;
}

/** A body for the route broken as a whole, or one of its own odd bodies (a form of the shop, say). */
function brokenBody(route, rng, valid) {
  if (route.oddBodies && rng.chance(0.5)) {
    const text = rng.pick(route.oddBodies);
    return { kind: 'odd_body', text: typeof text === 'function' ? text(rng) : text };
  }
  const kind = rng.weighted(Object.fromEntries(BODY_KINDS.map((k) => [k, /huge|big|many/.test(k) ? 1 : 3])));
  const m = mutateBody(kind, rng, valid);
  return { kind: m.kind, text: m.bytes ?? m.text };
}

/**
 * One request for a route of a listener: {method, url, headers, body, chunked, family, kind, field,
 * refuse, expect}. `route`: {method, path, query?(fixtures, rng), body?(fixtures, rng) → text, type?,
 * headers?(fixtures, rng), oddBodies?}.
 */
export function buildListenerRequest(listener, route, fixtures, rng) {
  const family = rng.weighted({ ...FAMILIES, body: route.body ? FAMILIES.body : 0 });
  const req = { method: route.method, family, kind: family, field: null, refuse: false, expect: null };
  const path = fillPath(route, fixtures, rng, family === 'path');
  let query = route.query?.(fixtures, rng) ?? '';
  if (family === 'query') {
    const odd = rng.pick(ODD_QUERIES);
    query = query && rng.chance(0.5) ? `${query}&${odd}` : odd;
    req.kind = `query ${odd.slice(0, 24)}`;
  }
  req.url = `${listener.base}${path}${query ? `?${query}` : ''}`;
  req.headers = { ...(listener.headers?.(fixtures, rng) ?? {}), ...(route.headers?.(fixtures, rng) ?? {}) };
  const valid = route.body?.(fixtures, rng);
  let body = valid;
  if (route.body) req.headers['content-type'] = route.type ?? 'application/json';
  if (family === 'body') {
    const b = brokenBody(route, rng, valid);
    req.kind = b.kind;
    body = b.text;
  } else if (family === 'method') {
    req.method = rng.pick(METHODS.filter((m) => m !== route.method));
    req.kind = `method ${req.method}`;
  } else if (family === 'headers') {
    const odd = rng.chance(0.3) ? { 'content-type': rng.pick(CONTENT_TYPES) } : rng.pick(ODD_HEADERS);
    Object.assign(req.headers, odd);
    req.kind = `header ${Object.keys(odd)[0]}`;
  }
  if (body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') {
    req.body = body;
    req.chunked = rng.chance(0.1);
  }
  return req;
}
