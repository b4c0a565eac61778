// One fuzz request for a route of an OpenAPI document: its path filled with real ids (or odd ones), its
// body valid but for one broken field, or broken as a whole, or sent with the wrong media type, without
// credentials, with the wrong method, with odd query values. Each says what it broke, for the checks.
import { BODY_KINDS, FIELD_KINDS, mutateBody, mutateField } from './mutate.mjs';
import { generateBody } from './schema.mjs';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The routes of a document under `prefix`: {method, path, params, body: {schema, types} | null}. */
export function routesOf(doc, prefix) {
  const out = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix) || path === '/openapi.json') continue;
    for (const m of METHODS) {
      const op = ops[m];
      if (!op) continue;
      const content = op.requestBody?.content;
      out.push({
        method: m.toUpperCase(),
        path,
        allowed: METHODS.filter((x) => ops[x]).map((x) => x.toUpperCase()),
        params: op.parameters ?? [],
        body: content ? { schema: Object.values(content)[0].schema, types: Object.keys(content) } : null,
      });
    }
  }
  return out;
}

const ODD_IDS = [
  (ctx) => ctx.uuid(),
  () => 'x'.repeat(5000),
  () => '%00',
  () => '..%2F..%2Fetc%2Fpasswd',
  () => '%E2%98%83',
  () => '%ZZ',
  () => 'null',
  () => '-1',
  () => '%20',
  () => "'%3B--",
  () => 'a%0D%0Ab',
  () => '%2e%2e',
];
const ODD_QUERY = [
  '',
  '-1',
  '0',
  'abc',
  '1e309',
  '99999999999999999999',
  '1.5',
  '%ZZ',
  'x'.repeat(3000),
  'null',
];
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  null,
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'json',
  '*/*',
  'text/json',
];
const BAD_AUTH = [
  null,
  `Basic ${Buffer.from('merchant:wrong').toString('base64')}`,
  'Basic !!!',
  'Bearer abc',
  'Basic',
  `Basic ${Buffer.from('merchantsecret').toString('base64')}`,
  `Basic ${'x'.repeat(8000)}`,
  `Basic ${Buffer.from(':').toString('base64')}`,
];

const FAMILIES = { field: 50, body: 14, content_type: 6, path: 10, query: 4, auth: 4, method: 3, valid: 9 };

function fillPath(route, fixtures, rng, odd, ctx) {
  let oddDone = false;
  return route.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (odd && !oddDone && rng.chance(0.7)) {
      oddDone = true;
      return rng.pick(ODD_IDS)(ctx);
    }
    const pool = fixtures[name];
    return encodeURIComponent(Array.isArray(pool) && pool.length > 0 ? rng.pick(pool) : ctx.uuid());
  });
}

function query(route, rng, odd) {
  const qs = route.params.filter((p) => p.in === 'query');
  const parts = [];
  for (const p of qs) {
    if (odd) parts.push(`${p.name}=${rng.pick(ODD_QUERY)}`);
    else if (/limit|page_size/.test(p.name) && rng.chance(0.5)) parts.push(`${p.name}=${rng.int(1, 50)}`);
  }
  if (odd && rng.chance(0.3))
    parts.push(
      rng.pick(['unknown=1', '&&==', 'a[]=1&a[]=2', `${qs[0]?.name ?? 'x'}=1&${qs[0]?.name ?? 'x'}=2`]),
    );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/**
 * Builds one request: {method, url, headers, body, chunked, family, kind, field, refuse, expect}.
 * `env`: {base, auth(route) → header, ctx (the generation context), validText(route) → text}.
 */
export function buildRequest(route, fixtures, rng, env) {
  const family = rng.weighted({
    ...FAMILIES,
    query: route.params.some((p) => p.in === 'query') ? FAMILIES.query : 0,
  });
  const req = {
    method: route.method,
    family,
    kind: family,
    field: null,
    refuse: false,
    expect: null,
    chunked: false,
  };
  const path = fillPath(route, fixtures, rng, family === 'path', env.ctx);
  const suffix = family === 'path' && rng.chance(0.3) ? rng.pick(['/', '//', '/extra', '/..', '?&&']) : '';
  req.url = `${env.base}${path}${suffix}${query(route, rng, family === 'query')}`;
  const contentType = route.body?.types[0] ?? 'application/json';
  req.headers = { authorization: env.auth(route) };
  if (route.path.startsWith('/ordermanagement/') && rng.chance(0.2))
    req.headers['klarna-idempotency-key'] = env.ctx.uuid();
  const gen = route.body ? generateBody(route.body.schema, env.ctx) : null;
  const validText = gen ? JSON.stringify(gen.value) : undefined;
  let body = validText;
  if (family === 'field' && gen) {
    const m = mutateField(gen, rng.pick(FIELD_KINDS), rng);
    if (m) {
      Object.assign(req, { kind: m.kind, field: m.path, refuse: m.refuse });
      body = m.text;
    } else req.kind = 'field_none';
  } else if (family === 'field' || family === 'body') {
    const kind = rng.weighted(
      Object.fromEntries(BODY_KINDS.map((k) => [k, /huge|big|many/.test(k) ? 1 : 3])),
    );
    const m = mutateBody(kind, rng, validText);
    Object.assign(req, { kind: m.kind, field: m.path, refuse: route.body ? m.refuse : false });
    body = m.bytes ?? m.text;
    if (m.refuse === 'too_large' && route.body) req.expect = 413;
  } else if (family === 'content_type') {
    const type = rng.pick(WRONG_TYPES);
    req.kind = `type ${type}`;
    if (type === null) delete req.headers['content-type'];
    req.sendType = type;
    if (route.body) req.expect = 415;
  } else if (family === 'auth') {
    const a = rng.pick(BAD_AUTH);
    req.kind = `auth ${a === null ? 'none' : a.slice(0, 16)}`;
    req.headers.authorization = a;
    req.expect = env.authFree(route) ? null : 401;
  } else if (family === 'method') {
    // HEAD is GET without the body where GET is allowed.
    const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].filter(
      (m) => !route.allowed.includes(m) && !(m === 'HEAD' && route.allowed.includes('GET')),
    );
    req.method = rng.pick(others);
    req.kind = `method ${req.method}`;
    req.expect = 405;
  }
  if (req.headers.authorization == null) delete req.headers.authorization;
  if (body !== undefined && req.method !== 'GET' && req.method !== 'HEAD') {
    req.body = body;
    if (family !== 'content_type') req.headers['content-type'] = contentType;
    else if (req.sendType) req.headers['content-type'] = req.sendType;
    req.chunked = rng.chance(0.1);
  } else if (family === 'content_type') req.expect = null;
  return req;
}
