import type { Json } from './op-types';

const REF = '#/components/schemas/';

/** Every component name a `$ref` in `node` points at. */
function refsIn(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, into));
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF)) into.add(v.slice(REF.length));
      else refsIn(v, into);
    }
  }
  return into;
}

/**
 * Keeps only the component schemas the document uses, directly or through other components: both
 * documents draw on one catalog, and an input variant nobody sends is noise.
 */
export function pruneComponents(doc: Json): Json {
  const components = doc.components as { schemas: Record<string, Json> };
  const all = components.schemas;
  const used = refsIn({ paths: doc.paths, webhooks: doc.webhooks }, new Set());
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of refsIn(all[queue.pop()!], new Set())) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
  return renameLoneInputs({ ...doc, components: { ...components, schemas } }, used);
}

/** `<Name>Input` goes back to `<Name>` where the document uses no other variant of it. */
function renameLoneInputs(doc: Json, used: Set<string>): Json {
  const rename = new Map<string, string>();
  for (const name of used) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !used.has(plain)) rename.set(`${REF}${name}`, `${REF}${plain}`);
  }
  if (rename.size === 0) return doc;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? (rename.get(v) ?? v) : rewrite(v),
      ]),
    );
  };
  const out = rewrite(doc) as Json;
  const { schemas, ...rest } = out.components as { schemas: Record<string, Json> };
  const renamed = Object.entries(schemas).map(([name, s]) => [
    rename.get(`${REF}${name}`)?.slice(REF.length) ?? name,
    s,
  ]);
  return { ...out, components: { ...rest, schemas: Object.fromEntries(renamed) } };
}
