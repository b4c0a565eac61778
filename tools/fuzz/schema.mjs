// Valid request bodies derived from an OpenAPI document's JSON schemas, each with the list of its nodes
// (path and schema), so that a mutation can break exactly one field and know which field it broke.

/** A schema with its `$ref`s followed; `name` is the last component name passed through, if any. */
export function createResolver(doc) {
  const lookup = (ref) =>
    ref
      .split('/')
      .slice(1)
      .reduce((o, k) => o?.[k], doc);
  return (schema) => {
    let s = schema ?? {};
    let name = null;
    for (let i = 0; s.$ref && i < 20; i++) {
      name = s.$ref.split('/').pop();
      s = lookup(s.$ref) ?? {};
    }
    return { schema: s, name };
  };
}

/** The JSON type of a value, as JSON schema names it. */
export function jsonType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The types a schema allows, null left out unless it is the only one. */
export function typesOf(s) {
  if (s.const !== undefined) return [jsonType(s.const)];
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map(jsonType))];
  const t = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (t.length === 0 && s.properties) return ['object'];
  const nonNull = t.filter((x) => x !== 'null');
  return nonNull.length > 0 ? nonNull : t;
}

const PATTERN_VALUES = {
  '^[A-Za-z]{2}$': 'SE',
  '^[A-Za-z]{3}$': 'SEK',
  '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$': 'sv-SE',
  '^$|^[^@\\s]+@[^@\\s]+$': 'customer@example.com',
  '^[A-Za-z0-9_.-]{1,100}$': 'placement-1',
  "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$": 'X-Fuzz',
  '^[0-9a-fA-F]{64}$': 'ab'.repeat(32),
  '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$': '09:00',
};

/** A string a schema accepts: by its pattern or format, else by the field's name, else a plain word. */
function stringFor(s, path, ctx) {
  if (s.pattern && PATTERN_VALUES[s.pattern] !== undefined) return PATTERN_VALUES[s.pattern];
  if (s.format === 'uuid') return ctx.uuid();
  if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'uri') return ctx.stubUrl('/uri');
  const hinted = ctx.hint(path);
  if (hinted !== undefined) return hinted;
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 24;
  const n = Math.max(min, Math.min(max, 6 + ctx.rng.int(0, 8)));
  return ctx.rng.string(n);
}

function numberFor(s, integer, ctx) {
  let lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
  let hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : lo + 100);
  if (hi < lo) hi = lo;
  // Small values: a large timeout or latency would only slow the run down.
  const v = lo + ctx.rng.int(0, Math.min(10, Math.floor(hi - lo)));
  return integer ? Math.round(v) : v;
}

/**
 * Generates a value of `schema`; `ctx` gives {rng, resolve, overrides, hint, stubUrl, uuid} and collects
 * nodes: {path, schema, required} for every field generated, the schema resolved.
 */
export function generate(schema, ctx, path = [], nodes = [], depth = 0) {
  const { schema: s, name } = ctx.resolve(schema);
  const key = path.length > 0 ? path[path.length - 1] : null;
  if (name && ctx.overrides[name]) {
    const value = ctx.overrides[name](ctx);
    describe(value, schema, ctx, path, nodes, depth);
    return value;
  }
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const usable = branches.filter((b) => ctx.resolve(b).schema.type !== 'null');
    const at = nodes.length;
    const value = generate(usable[0] ?? branches[0], ctx, path, nodes, depth);
    // The node of this path takes every branch's types: null where one branch is null, and so on.
    if (nodes[at]) nodes[at].alsoAllows = branches.flatMap((b) => typesOf(ctx.resolve(b).schema));
    return value;
  }
  nodes.push({ path, schema: s });
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return ctx.rng.pick(s.enum);
  if (s.default !== undefined && ctx.rng.chance(0.3)) return structuredClone(s.default);
  const type = typesOf(s)[0];
  switch (type) {
    case 'object': {
      const out = {};
      const required = new Set(s.required ?? []);
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        if (!required.has(k) && (depth > 3 || !ctx.rng.chance(0.5))) continue;
        if (Object.keys(ctx.resolve(sub).schema).length === 0) continue; // `{}`: anything, nothing to learn
        out[k] = generate(sub, ctx, [...path, k], nodes, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      const n = Math.min(s.maxItems ?? 3, Math.max(min, depth > 3 ? min : 1));
      return Array.from({ length: n }, (_, i) =>
        generate(s.items ?? {}, ctx, [...path, i], nodes, depth + 1),
      );
    }
    case 'string':
      return stringFor(s, path, ctx);
    case 'integer':
      return numberFor(s, true, ctx);
    case 'number':
      return numberFor(s, false, ctx);
    case 'boolean':
      return ctx.booleanFor(key);
    case 'null':
      return null;
    default:
      return ctx.rng.string(6);
  }
}

/** Records the nodes of a value that an override produced, following the schema alongside it. */
function describe(value, schema, ctx, path, nodes, depth) {
  const { schema: s } = ctx.resolve(schema);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const t = jsonType(value);
    const b = branches.find((x) =>
      typesOf(ctx.resolve(x).schema).some((y) => y === t || (y === 'number' && t === 'integer')),
    );
    if (b) describe(value, b, ctx, path, nodes, depth);
    return;
  }
  nodes.push({ path, schema: s });
  if (depth > 8) return;
  if (Array.isArray(value) && s.items)
    value.forEach((v, i) => describe(v, s.items, ctx, [...path, i], nodes, depth + 1));
  else if (value && typeof value === 'object' && s.properties) {
    for (const [k, v] of Object.entries(value)) {
      if (s.properties[k]) describe(v, s.properties[k], ctx, [...path, k], nodes, depth + 1);
    }
  }
}

/** A valid body of `schema` with its nodes: {value, nodes}. */
export function generateBody(schema, ctx) {
  const nodes = [];
  const value = generate(schema, ctx, [], nodes);
  return { value, nodes };
}
