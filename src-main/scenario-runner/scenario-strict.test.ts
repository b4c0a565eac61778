import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { formatPath } from '@shared/rules/schema-problems';
import { scenarioJsonSchema } from '@shared/schemas/scenario.schema';
import { parseScenario } from './scenario-file';

/*
 * Every key of every shipped example, misspelt, given a value of the wrong type, and every step and
 * expectation replaced by an unknown one: each must be refused naming its whole path.
 */

const DIR = resolve(import.meta.dirname, '../../scenarios');
const examples = readdirSync(DIR)
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .map((f) => ({ file: f, doc: parse(readFileSync(join(DIR, f), 'utf8')) as Record<string, unknown> }));

/** Maps whose keys are the merchant's or the read's own, not the scenario file's: open on purpose. */
const OPEN = new Set(['create', 'form', 'json', 'order_management', 'customer_view']);
/** Keys that name a step or an expectation (the key of a one-key object in steps[] or expect[]). */
const inList = (path: PropertyKey[], list: string) =>
  path.length === 2 && path[0] === list && typeof path[1] === 'number';

type Path = (string | number)[];
interface Place {
  path: Path;
  key: string;
  value: unknown;
}

function places(value: unknown, path: Path = []): Place[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => places(v, [...path, i]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    { path, key, value: v },
    ...(OPEN.has(key) ? [] : places(v, [...path, key])),
  ]);
}

function edit(doc: unknown, path: Path, change: (parent: Record<string, unknown>) => void): unknown {
  const copy = structuredClone(doc);
  let node = copy as Record<string | number, unknown>;
  for (const k of path) node = node[k] as Record<string | number, unknown>;
  change(node as Record<string, unknown>);
  return copy;
}

function refusal(doc: unknown): string {
  try {
    parseScenario(JSON.stringify(doc), 'x.json');
  } catch (err) {
    // The places (file:line:column) have a test of their own (scenario-file.test.ts).
    return (err as Error).message.replace(/ \(x\.json:\d+:\d+\)/g, '');
  }
  return 'accepted';
}

const wrongValue = (v: unknown) => (typeof v === 'string' ? 200 : 'wrong');

describe('every key of every example scenario', () => {
  for (const { file, doc } of examples) {
    it(`${file}: parses as shipped, and refuses each key misspelt, each value of the wrong type`, () => {
      expect(() => parseScenario(JSON.stringify(doc), file)).not.toThrow();
      const all = places(doc);
      expect(all.length).toBeGreaterThan(10);
      for (const { path, key, value } of all) {
        const misspelt = `${key}${key.at(-1)}`;
        const renamed = edit(doc, path, (p) => {
          p[misspelt] = p[key];
          delete p[key];
        });
        const where = formatPath([...path, misspelt]);
        const kind = inList(path, 'steps') ? 'step' : inList(path, 'expect') ? 'expectation' : null;
        expect(refusal(renamed), `${file} ${where}`).toContain(
          kind
            ? `${formatPath(path)}: unknown ${kind} "${misspelt}" (did you mean ${key}?)`
            : `${where}: not a known field (did you mean ${key}?)`,
        );
        const retyped = edit(doc, path, (p) => (p[key] = wrongValue(value)));
        expect(refusal(retyped), `${file} ${formatPath([...path, key])}`).toMatch(
          new RegExp(
            `${formatPath([...path, key]).replace(/[$[\].]/g, '\\$&')}: (expected|must be) .*got ${wrongValue(value) === 200 ? 'the number 200' : 'the string "wrong"'}`,
          ),
        );
      }
    });

    it(`${file}: refuses each step and expectation replaced by an unknown one, listing the known`, () => {
      const lists = [
        ['steps', 'step', { wait: '1m' }, 'the steps are: country, address'],
        ['expect', 'expectation', { eventually: true }, 'the expectations are: callback, cart_after'],
      ] as const;
      for (const [list, kind, unknown, known] of lists) {
        (doc[list] as unknown[]).forEach((_, i) => {
          const changed = edit(doc, [list], (p) => ((p as unknown as unknown[])[i] = unknown));
          const name = Object.keys(unknown)[0]!;
          expect(refusal(changed)).toContain(`${list}[${i}]: unknown ${kind} "${name}", ${known}`);
        });
      }
    });
  }
});

describe('the published JSON Schema', () => {
  it('says additionalProperties: false on every object with properties, so editors flag the same typos', () => {
    const objects: { at: string; node: Record<string, unknown> }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`));
      if (node === null || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.type === 'object' && n.properties) objects.push({ at, node: n });
      for (const [k, v] of Object.entries(n)) walk(v, `${at}.${k}`);
    };
    walk(scenarioJsonSchema(), '$');
    expect(objects.length).toBeGreaterThan(30);
    expect(objects.filter((o) => o.node.additionalProperties !== false).map((o) => o.at)).toEqual([]);
  });
});
