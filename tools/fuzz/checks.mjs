// The checks on each answer, and the counts the summary reports. Failures (any of them fails the run):
// a 5xx, a hang (no answer within the limit), a broken connection, a 400 that names no field in its
// API's shape, another 4xx not in the API's error shape. Reported beside them, not failing: a 400 naming
// another field than the one broken, a malformed body accepted, a status other than the one expected.
const SAMPLES = 8;

const counter = () => ({ n: 0, samples: [] });

export function createStats(name, routes) {
  return {
    name,
    routes,
    requests: 0,
    status: {},
    families: {},
    kinds: {},
    ms: [],
    fiveXX: counter(),
    hangs: counter(),
    transport: counter(),
    unnamed: counter(),
    badShape: counter(),
    otherField: counter(),
    accepted: counter(),
    unexpected: counter(),
    fieldChecked: 0,
    fixtureFailures: [],
  };
}

function note(c, req, res, extra = {}) {
  c.n++;
  if (c.samples.length >= SAMPLES) return;
  const url = new URL(req.url);
  c.samples.push({
    request: `${req.method} ${(url.pathname + url.search).slice(0, 140)}`,
    kind: req.kind,
    field: req.field,
    body: typeof req.body === 'string' ? req.body.slice(0, 200) : req.body ? '<bytes>' : undefined,
    status: res.status,
    answer: res.error ?? res.text?.slice(0, 300),
    ...extra,
  });
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const parentOf = (p) => p.replace(/(\.[^.[\]]+|\[\d+\])$/, '');

/**
 * Whether a named field is the broken one, or holds it, or is within it; for broken arithmetic, also a
 * field of the same identity (a line's total for its quantity, the order's amounts for a line's total).
 */
function related(named, broken, kind) {
  if (named === broken) return true;
  const within = (x, y) => x.startsWith(`${y}.`) || x.startsWith(`${y}[`);
  if (within(named, broken) || within(broken, named)) return true;
  if (kind !== 'broken_arithmetic') return false;
  return parentOf(named) === parentOf(broken) || /^[a-z_]*amount$|^total_tax$/.test(named);
}

/** Checks one answer against what the request broke; `shape` is the API's error shape. */
export function evaluate(stats, shape, req, res) {
  stats.requests++;
  stats.families[req.family] = (stats.families[req.family] ?? 0) + 1;
  stats.kinds[req.kind] = (stats.kinds[req.kind] ?? 0) + 1;
  stats.ms.push(res.ms);
  if (res.hang) return note(stats.hangs, req, res);
  if (res.error) return note(stats.transport, req, res);
  stats.status[res.status] = (stats.status[res.status] ?? 0) + 1;
  if (res.status >= 500) return note(stats.fiveXX, req, res);
  if (req.expect !== null && res.status !== req.expect)
    note(stats.unexpected, req, res, { expected: req.expect });
  if (res.status >= 200 && res.status < 300) {
    if (req.refuse && req.family === 'field') note(stats.accepted, req, res);
    return;
  }
  if (res.status < 400 || req.method === 'HEAD') return;
  const body = parse(res.text);
  // The integrator's 401 on wrong credentials has no body (GAPS.md); a 401 is not about a field.
  if (res.status === 401 && res.text === '' && shape.emptyUnauthorizedOk) return;
  if (res.status !== 400) {
    if (!shape.shapeOk(body, res)) note(stats.badShape, req, res);
    return;
  }
  const named = shape.named(body);
  if (!named) return note(stats.unnamed, req, res);
  if (req.family === 'field' && req.refuse && req.field) {
    stats.fieldChecked++;
    if (!named.some((p) => related(p, req.field, req.kind))) note(stats.otherField, req, res, { named });
  }
}

/** Median, 99th percentile and maximum of a list of milliseconds. */
export function latency(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? 0 };
}

/** Whether an API's run is clean: the figures the issue asks for. */
export const clean = (s) => s.fiveXX.n + s.hangs.n + s.transport.n + s.unnamed.n + s.badShape.n === 0;
