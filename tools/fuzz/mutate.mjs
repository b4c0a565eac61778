// Malformed bodies: one field of a valid body broken in one way (wrong type, missing, out of range, too
// long, not in the enum, against the pattern, unknown, arithmetic that does not add up), or the body as a
// whole (not an object, random JSON, not JSON at all, too big, nested too deep).
import { jsonType, typesOf } from './schema.mjs';

/** `order_lines[0].total_amount`, as the simulator names a field; the body itself is `(body)`. */
export function formatPath(path) {
  let out = '';
  for (const k of path) out += typeof k === 'number' ? `[${k}]` : out === '' ? k : `.${k}`;
  return out === '' ? '(body)' : out;
}

function setAt(root, path, fn) {
  if (path.length === 0) return fn(root);
  let o = root;
  for (const k of path.slice(0, -1)) o = o[k];
  const last = path[path.length - 1];
  const v = fn(o[last]);
  if (v === DELETE) {
    if (Array.isArray(o)) o.splice(last, 1);
    else delete o[last];
  } else o[last] = v;
  return root;
}

const DELETE = Symbol('delete');
/** A placeholder replaced in the JSON text by raw text JSON.stringify cannot produce. */
const RAW = '\u0001raw\u0001';

const SAMPLES = {
  string: 'text',
  integer: 7,
  number: 1.5,
  boolean: true,
  null: null,
  object: { a: 1 },
  array: [1],
};
const ODD_STRINGS = [
  'a\u0000b',
  '\u202eevil',
  '😀'.repeat(50),
  "Robert'); DROP TABLE orders;--",
  '{checkout.order.id}/../../x',
  '%s%n%x',
  'line\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  ' ',
  'ÅÄÖ\u00ad\ufeff',
];

function allows(node, type) {
  const ts = [...typesOf(node.schema), ...(node.alsoAllows ?? [])];
  if (ts.length === 0) return true; // a schema without a type takes anything
  return ts.includes(type) || (type === 'integer' && ts.includes('number'));
}

/** Each mutation: (node, value, rng) → {value, path?, raw?, refuse} or null when it does not apply. */
const FIELD_MUTATIONS = {
  wrong_type(node, _v, rng) {
    const wrong = Object.keys(SAMPLES).filter((t) => !allows(node, t));
    if (wrong.length === 0 || typesOf(node.schema).length === 0) return null;
    return { value: structuredClone(SAMPLES[rng.pick(wrong)]), refuse: true };
  },
  null(node) {
    return allows(node, 'null') || typesOf(node.schema).length === 0 ? null : { value: null, refuse: true };
  },
  out_of_range(node, v, rng) {
    const s = node.schema;
    const t = typesOf(s)[0];
    if (t === 'integer' || t === 'number') {
      const opts = [];
      if (s.minimum !== undefined) opts.push(s.minimum - 1);
      if (s.maximum !== undefined) opts.push(s.maximum + 1);
      if (s.exclusiveMinimum !== undefined) opts.push(s.exclusiveMinimum);
      if (t === 'integer') opts.push(2 ** 60, -(2 ** 60), 0.5);
      if (opts.length > 0 && rng.chance(0.8)) return { value: rng.pick(opts), refuse: true };
      // 1e400 parses to Infinity; 1e-400 to 0, which may well be in range.
      if (rng.chance(0.2)) return { value: RAW, raw: '1e-400', refuse: false };
      return { value: RAW, raw: rng.pick(['1e400', '-1e400']), refuse: true };
    }
    if (t === 'string' && (s.minLength ?? 0) > 0) return { value: '', refuse: true };
    if (t === 'array' && Array.isArray(v)) {
      if (s.maxItems !== undefined && rng.chance(0.5) && s.maxItems < 2000) {
        return { value: Array.from({ length: s.maxItems + 1 }, () => v[0] ?? 1), refuse: true };
      }
      if ((s.minItems ?? 0) > 0) return { value: [], refuse: true };
    }
    return null;
  },
  overlong(node, _v, rng) {
    if (typesOf(node.schema)[0] !== 'string') return null;
    const max = node.schema.maxLength;
    if (max !== undefined) return { value: 'x'.repeat(max + 1 + rng.int(0, 3)), refuse: true };
    return { value: 'x'.repeat(rng.int(10_000, 200_000)), refuse: false };
  },
  bad_enum(node, v, rng) {
    if (!Array.isArray(node.schema.enum) && node.schema.const === undefined) return null;
    const base = String(v ?? '');
    const opts = [
      `${base}_X`,
      base.toLowerCase() === base ? base.toUpperCase() : base.toLowerCase(),
      '',
      'unknown',
    ];
    const value = rng.pick(opts);
    const allowed = node.schema.enum ?? [node.schema.const];
    return allowed.includes(value) ? null : { value, refuse: true };
  },
  bad_pattern(node, _v, rng) {
    if (!node.schema.pattern) return null;
    let re;
    try {
      re = new RegExp(node.schema.pattern, 'u');
    } catch {
      return null;
    }
    const against = ['S3', '12', 'ÅÄ', 'S E', 'x'.repeat(300), 'a@', '', '#'].filter((x) => !re.test(x));
    return against.length > 0 ? { value: rng.pick(against), refuse: true } : null;
  },
  odd_string(node, _v, rng) {
    if (typesOf(node.schema)[0] !== 'string') return null;
    if (rng.chance(0.2)) return { value: RAW, raw: '"\\ud800\\udfff\\ud800"', refuse: false };
    return { value: rng.pick(ODD_STRINGS), refuse: false };
  },
  unknown_field(node, v, rng) {
    if (jsonType(v) !== 'object') return null;
    const key = rng.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x_fuzz', '', 'a.b[0]']);
    return {
      value: { ...v, [key]: { polluted: true } },
      path: [...node.path, key],
      refuse: node.schema.additionalProperties === false,
    };
  },
  missing_required(node, v, rng) {
    if (jsonType(v) !== 'object') return null;
    const present = (node.schema.required ?? []).filter((k) => k in v);
    if (present.length === 0) return null;
    const key = rng.pick(present);
    const { [key]: _gone, ...rest } = v;
    return { value: rest, path: [...node.path, key], refuse: true };
  },
  broken_arithmetic(node, v, rng, parent) {
    const key = node.path[node.path.length - 1];
    if (typeof v !== 'number' || !/amount|price|total_tax|quantity/.test(String(key))) return null;
    // Refused only where the amount must reconcile: within an order line, or beside the order's lines.
    const inLine = parent && 'quantity' in parent && 'total_amount' in parent;
    const besideLines = parent && ('order_lines' in parent || 'order_items' in parent);
    // A tax may be off by one (rounding; shared/rules/order-arithmetic.ts), so it is broken by two or more.
    const steps = /tax/.test(String(key)) ? [2, -2, 99, -100000] : [1, -1, 99, -100000];
    return { value: v + rng.pick(steps), refuse: Boolean(inLine || besideLines) };
  },
  nested_deep(_node, _v, rng) {
    const depth = rng.pick([1_000, 10_000, 100_000]);
    return { value: RAW, raw: '['.repeat(depth) + ']'.repeat(depth), refuse: true };
  },
};

export const FIELD_KINDS = Object.keys(FIELD_MUTATIONS);

/** Breaks one field of `gen` ({value, nodes}) with mutation `kind`; null when none of its nodes fits. */
export function mutateField(gen, kind, rng) {
  const nodes = gen.nodes.filter(
    (n) => n.path.length > 0 || kind === 'unknown_field' || kind === 'missing_required',
  );
  for (let tries = 0; tries < 8 && nodes.length > 0; tries++) {
    const node = rng.pick(nodes);
    const parent = node.path.slice(0, -1).reduce((o, k) => o?.[k], gen.value);
    const current = node.path.length > 0 ? parent?.[node.path[node.path.length - 1]] : gen.value;
    const m = FIELD_MUTATIONS[kind](node, current, rng, parent);
    if (!m) continue;
    const value = setAt(structuredClone(gen.value), node.path, () => m.value);
    let text = JSON.stringify(value);
    if (m.raw !== undefined) text = text.replace(JSON.stringify(RAW), m.raw);
    return { kind, text, path: formatPath(m.path ?? node.path), refuse: m.refuse };
  }
  return null;
}

function randomJson(rng, depth = 0) {
  const t = depth > 3 ? rng.pick(['s', 'n', 'b', 'z']) : rng.pick(['s', 'n', 'b', 'z', 'o', 'a']);
  if (t === 's') return rng.string(rng.int(0, 12));
  if (t === 'n') return rng.pick([0, -1, 1e21, 3.14, 2 ** 53 + 2, rng.int(-1e6, 1e6)]);
  if (t === 'b') return rng.chance(0.5);
  if (t === 'z') return null;
  if (t === 'a') return Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth + 1));
  const o = {};
  for (let i = rng.int(0, 5); i > 0; i--)
    o[rng.string(rng.int(1, 10), 'abcdefghijklmnopqrstuvwxyz_')] = randomJson(rng, depth + 1);
  return o;
}

const NOT_JSON = [
  '{',
  '{"a":',
  '[1,2',
  "{'single': 'quotes'}",
  '{"trailing": 1,}',
  '{"n": NaN}',
  '// comment\n{}',
  '\ufeff{}',
  'undefined',
  'order_amount=1&x=2',
  '<xml/>',
  '   ',
  '{"a":"\\x41"}',
  '{"a":"unterminated}',
  '\u0000\u0001\u0002',
];

/** Breaks the body as a whole; `valid` is the route's valid body text, when it has one. */
export function mutateBody(kind, rng, valid) {
  switch (kind) {
    case 'not_object':
      return {
        kind,
        text: JSON.stringify(rng.pick([[], [{}], 'text', 42, null, true])),
        path: '(body)',
        refuse: true,
      };
    case 'random_json':
      return { kind, text: JSON.stringify(randomJson(rng)), path: null, refuse: false };
    case 'not_json': {
      if (valid && rng.chance(0.4)) {
        return {
          kind,
          text: valid.slice(0, rng.int(1, Math.max(1, valid.length - 1))),
          path: '(body)',
          refuse: true,
        };
      }
      if (rng.chance(0.15))
        return { kind, bytes: Buffer.from([0xff, 0xfe, 0x7b, 0x80, 0xc3]), path: '(body)', refuse: true };
      return { kind, text: rng.pick(NOT_JSON), path: '(body)', refuse: true };
    }
    case 'huge_body': {
      const n = rng.pick([1024 * 1024 + 1, 1_500_000, 3_000_000]);
      return { kind, text: `{"x":"${'y'.repeat(n)}"}`, path: null, refuse: 'too_large' };
    }
    case 'big_array':
      return { kind, text: `{"x":[${'1,'.repeat(rng.int(10_000, 300_000))}1]}`, path: null, refuse: false };
    case 'many_keys': {
      const o = {};
      for (let i = rng.int(1000, 20_000); i > 0; i--) o[`k${i}`] = i;
      return { kind, text: JSON.stringify(o), path: null, refuse: false };
    }
    case 'deep_unknown': {
      // Deeply nested JSON under a field nobody declared, which APIs that keep unknown fields store.
      const depth = rng.pick([1_000, 10_000, 100_000]);
      const deep = '['.repeat(depth) + ']'.repeat(depth);
      const text =
        valid && valid.startsWith('{') && valid !== '{}'
          ? valid.replace(/^\{/, `{"x_fuzz":${deep},`)
          : `{"x_fuzz":${deep}}`;
      return { kind, text, path: null, refuse: false };
    }
    case 'duplicate_keys':
      return {
        kind,
        text: valid ? valid.replace(/^\{/, '{"order_amount":"dup","name":1,') : '{"a":1,"a":2}',
        path: null,
        refuse: false,
      };
    default:
      throw new Error(`unknown body mutation ${kind}`);
  }
}

export const BODY_KINDS = [
  'deep_unknown',
  'not_object',
  'random_json',
  'not_json',
  'huge_body',
  'big_array',
  'many_keys',
  'duplicate_keys',
];
