import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Json } from './op-types';
import { SIM_PREFIX, simMarker } from './sim-defined';

export type Io = 'input' | 'output';

/** A named component: the name it has under `components.schemas`, and whether the simulator defined it. */
export interface NamedSchema {
  name: string;
  schema: z.ZodType;
  simDefined?: boolean;
  /** Used when the schema has no description of its own. */
  description?: string;
}

const REF = '#/components/schemas/';
const INLINE = '__inline_';
/** The marker shared schemas carry in their `.describe()` text (shared/schemas/*.ts). */
const SIM_DESCRIBED = /^sim-defined\b[:\s]*/i;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Drops what zod adds that says nothing to a reader (the safe-integer bounds), turns a `sim-defined:`
 * description into the document's marker, and on answers leaves objects open: a client should accept
 * fields a later version adds (requests keep `additionalProperties: false` where unknown keys are refused).
 */
function normalize(node: unknown, io: Io): void {
  if (Array.isArray(node)) return node.forEach((n) => normalize(n, io));
  if (!isObject(node)) return;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (io === 'output' && node.additionalProperties === false) delete node.additionalProperties;
  if (typeof node.description === 'string' && SIM_DESCRIBED.test(node.description)) {
    node.description = `${SIM_PREFIX} ${node.description.replace(SIM_DESCRIBED, '')}`;
    node['x-sim-defined'] = true;
  }
  for (const v of Object.values(node)) normalize(v, io);
}

/** Converts every schema in one direction; `refName` names the component a `$ref` points at. */
function convert(entries: readonly [string, z.ZodType][], io: Io, refName: (id: string) => string) {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of entries) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    uri: (id) => `${REF}${refName(id)}`,
  });
  if ('__shared' in schemas) throw new Error('openapi: a schema refers to itself; name it as a component');
  const out: Record<string, Json> = {};
  for (const [name, raw] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...body } = raw as Json;
    normalize(body, io);
    out[name] = body;
  }
  for (const body of Object.values(out)) inlineRefs(body, out, 0);
  return out;
}

/**
 * Puts an unnamed schema in place of each `$ref` to it: one that is also used on its own (an answer
 * that is part of another answer) is registered too, and zod refers to it, but it is no component.
 */
function inlineRefs(node: unknown, all: Record<string, Json>, depth: number): void {
  if (Array.isArray(node)) return node.forEach((n) => inlineRefs(n, all, depth));
  if (!isObject(node)) return;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith(`${REF}${INLINE}`)) {
    if (depth > 20) throw new Error('openapi: an unnamed schema refers to itself; name it as a component');
    const target = all[ref.slice(REF.length)];
    if (target) {
      delete node.$ref;
      Object.assign(node, structuredClone(target));
      inlineRefs(node, all, depth + 1);
      return;
    }
  }
  for (const v of Object.values(node)) inlineRefs(v, all, depth);
}

/**
 * Zod schemas → OpenAPI component schemas. Request bodies are read as zod's input (defaults optional),
 * answers as its output; where the two differ, the request's component is named `<Name>Input`.
 * Schemas without a name are inlined where used, still referring to the named ones.
 */
export class SchemaCatalog {
  private readonly names = new Map<z.ZodType, string>();
  private readonly named = new Map<string, NamedSchema>();
  private inlineCount = 0;
  private result: { input: Record<string, Json>; output: Record<string, Json>; differ: Set<string> } | null =
    null;

  constructor(components: readonly NamedSchema[]) {
    for (const c of components) {
      if (this.named.has(c.name)) throw new Error(`openapi: component ${c.name} is named twice`);
      this.names.set(c.schema, c.name);
      this.named.set(c.name, c);
    }
  }

  /** Makes a schema known; must happen before the first `use`. */
  add(schema: z.ZodType): void {
    if (this.names.has(schema)) return;
    if (this.result) throw new Error('openapi: a schema was added after the conversion');
    this.names.set(schema, `${INLINE}${this.inlineCount++}`);
  }

  /** The JSON Schema of `schema` read in direction `io`: a `$ref` to its component, or inline. */
  use(schema: z.ZodType, io: Io): Json {
    const name = this.names.get(schema);
    if (name === undefined) throw new Error('openapi: a schema was used without being added');
    const r = this.convertAll();
    if (name.startsWith(INLINE)) return structuredClone(r[io][name]!);
    return { $ref: `${REF}${this.componentName(name, io)}` };
  }

  /** Every named component in both directions, keyed by component name. */
  components(): Record<string, Json> {
    const r = this.convertAll();
    const out: Record<string, Json> = {};
    for (const [name, meta] of this.named) {
      out[name] = this.marked(r.output[name]!, meta);
      if (r.differ.has(name)) out[`${name}Input`] = this.marked(r.input[name]!, meta);
    }
    return out;
  }

  private componentName(name: string, io: Io): string {
    return io === 'input' && this.convertAll().differ.has(name) ? `${name}Input` : name;
  }

  /** A component with its description; a simulator-defined one marked as such. */
  private marked(schema: Json, meta: NamedSchema): Json {
    const text = (schema.description as string | undefined) ?? meta.description;
    const out = structuredClone(schema);
    if (!meta.simDefined) return text === undefined ? out : { ...out, description: text };
    return { ...out, ...simMarker(text ?? '') };
  }

  /**
   * Converts once per direction. An input component that differs from its output is renamed, which
   * changes the refs of the input components that use it: repeat until no new name differs.
   */
  private convertAll() {
    if (this.result) return this.result;
    const entries = [...this.names].map(([schema, name]) => [name, schema] as [string, z.ZodType]);
    const output = convert(entries, 'output', (id) => id);
    let differ = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const input = convert(entries, 'input', (id) => (differ.has(id) ? `${id}Input` : id));
      const next = new Set([...this.named.keys()].filter((n) => !isDeepStrictEqual(input[n], output[n])));
      if (next.size === differ.size) return (this.result = { input, output, differ });
      differ = next;
    }
    throw new Error('openapi: input and output components did not settle');
  }
}
