import { DURATION_PATTERN } from '@shared/rules/duration';
import { scenarioJsonSchema } from '@shared/schemas/scenario.schema';

/*
 * The reference of scenario files in docs/scenarios.md, one line per key, step, expectation and option,
 * written from the JSON Schema that is itself generated from the zod schema: what the file takes is
 * documented where it is defined, and a test (scenario-docs.test.ts) fails when the page is not current.
 */

type Node = {
  type?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  propertyNames?: Node;
  additionalProperties?: Node | boolean;
  pattern?: string;
  examples?: unknown[];
};

export const DOCS_START = '<!-- scenario-reference:start (generated: npm run docs:scenarios) -->';
export const DOCS_END = '<!-- scenario-reference:end -->';

const code = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;

/** A value's kind in a few words: `` one of `a`, `b` ``, `a duration`, `a list of requests`. */
function kind(n: Node): string {
  if (n.enum) return n.enum.length === 1 ? code(n.enum[0]) : `one of ${n.enum.map(code).join(', ')}`;
  if (n.const !== undefined) return code(n.const);
  if (n.anyOf) return [...new Set(n.anyOf.map(kind))].join(' or ');
  if (n.type === 'string') {
    if (n.pattern === DURATION_PATTERN) return 'a duration (`500ms`, `2s`, `10m`, `24h`, `2d`)';
    if (n.pattern === '^[A-Za-z]{2}$') return 'a country code';
    return n.examples ? `text such as ${n.examples.map(code).join(', ')}` : 'text';
  }
  if (n.type === 'integer') return 'a whole number';
  if (n.type === 'number') return 'a number';
  if (n.type === 'boolean') return '`true` or `false`';
  if (n.type === 'null') return 'empty';
  if (n.type === 'array') return `a list${n.items ? ` of ${kind(n.items).replace(/^an? /, '')}` : ''}`;
  if (n.type === 'object') {
    if (n.properties) return `{${Object.keys(n.properties).join(', ')}}`;
    return n.propertyNames?.enum ? 'a map of those keys' : 'a map (open)';
  }
  return 'anything';
}

/** The options of a value: the keys of its object (of every object it may be, for a union). */
function options(n: Node): [string, Node][] {
  const objects = n.anyOf ? n.anyOf : [n];
  const out = new Map<string, Node>();
  for (const o of objects)
    for (const [k, v] of Object.entries(o.properties ?? {})) if (!out.has(k)) out.set(k, v);
  return [...out];
}

const line = (indent: string, name: string, n: Node, fallback = '') => {
  const what = (n.description ?? fallback).replace(/\s+/g, ' ').trim();
  return `${indent}- \`${name}\`: ${what ? `${what}. ` : ''}Takes ${kind(n)}.`.replace(/\.\. /g, '. ');
};

/** A step or an expectation: its line, then one line per option. */
function entry(branch: Node): string[] {
  const [name, value] = Object.entries(branch.properties ?? {})[0]!;
  const described = { ...value, description: branch.description ?? value.description };
  return [line('', name, described), ...options(value).map(([k, v]) => line('  ', k, v))];
}

/** The generated reference, between its markers. */
export function scenarioReference(): string {
  const schema = scenarioJsonSchema() as Node;
  const top = schema.properties!;
  const out = [DOCS_START, '', '**The file**', ''];
  // A key's line, then its options: `steps` and `expect` are lists (no options of their own); their
  // entries have the sections below.
  for (const [key, n] of Object.entries(top)) {
    out.push(line('', key, n));
    for (const [k, v] of options(n)) out.push(line('  ', k, v));
  }
  const request = top.order!.properties!.from_merchant!.items!;
  out.push('', '**A request to the merchant** (`order.from_merchant`, the `merchant` step)', '');
  for (const [k, v] of options(request)) out.push(line('', k, v));
  out.push('', '**Steps** (each one key, in order)', '');
  for (const b of top.steps!.items!.anyOf!) out.push(...entry(b));
  out.push('', '**Expectations** (each one key)', '');
  for (const b of top.expect!.items!.anyOf!) out.push(...entry(b));
  out.push('', DOCS_END);
  return out.join('\n');
}

/** The page (docs/scenarios.md) with its reference replaced by the current one. */
export function withReference(page: string): string {
  const start = page.indexOf(DOCS_START);
  const end = page.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`the page has no ${DOCS_START} … ${DOCS_END} markers`);
  return page.slice(0, start) + scenarioReference() + page.slice(end + DOCS_END.length);
}
