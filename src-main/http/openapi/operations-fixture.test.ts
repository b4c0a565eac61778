import { describe, expect, it } from 'vitest';
import { openApiDocument, type DocumentName } from './document';
import type { Json } from './op-types';

/**
 * What each served document offers, kept in files beside this test: its operations (`METHOD path id`,
 * webhooks as `WEBHOOK name id`), its component schemas and every place it gives an example. A change to
 * any of them shows here as a diff to review; one made on purpose is taken with `npx vitest run -u`.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(doc: Json): string[] {
  const paths = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => `${m.toUpperCase()} ${path} ${(op as Json).operationId as string}`),
  );
  const hooks = Object.entries((doc.webhooks ?? {}) as Record<string, Json>).map(
    ([name, item]) => `WEBHOOK ${name} ${(item.post as Json).operationId as string}`,
  );
  return [...paths, ...hooks].sort();
}

/** JSON pointers of every `example`, `examples` and component example in a node. */
function examples(node: unknown, at = '#', out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => examples(n, `${at}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      const here = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (k === 'example' || k === 'examples') out.push(here);
      else examples(v, here, out);
    }
  }
  return out;
}

function summaryOf(doc: Json) {
  const components = doc.components as { schemas: Json; examples?: Json };
  return {
    operations: operations(doc),
    schemas: Object.keys(components.schemas).sort(),
    examples: examples(doc).sort(),
  };
}

/** The whole document less what changes with every release (its version) or listener (its server). */
function stable(doc: Json): Json {
  const { servers: _servers, info, ...rest } = doc;
  const { version: _version, ...ownInfo } = info as Json;
  return { info: ownInfo, ...rest };
}

/**
 * JSON laid out three levels deep (`paths` → path → method, `components` → `schemas` → name), each
 * deeper value on one line: a change shows as the operation or schema it is in, and the file holds no
 * runs of lines repeated from one operation to the next.
 */
function layered(value: unknown, depth = 0, indent = ''): string {
  if (depth >= 3 || typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((v) => `${inner}${layered(v, depth + 1, inner)}`)
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${layered(v, depth + 1, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return entries.length === 0 ? `${open}${close}` : `${open}\n${entries.join(',\n')}\n${indent}${close}`;
}

const NAMES: DocumentName[] = ['provider', 'integrator'];

describe('the served OpenAPI documents', () => {
  it('keep every operation, component schema and example of the fixture', async () => {
    const live = Object.fromEntries(NAMES.map((n) => [n, summaryOf(openApiDocument(n))]));
    expect(live.provider!.operations.length).toBeGreaterThan(100);
    await expect(`${JSON.stringify(live, null, 2)}\n`).toMatchFileSnapshot('./operations.fixture.json');
  });

  it.each<DocumentName>([...NAMES, 'control', 'checkout'])(
    '%s: the whole document is the one of the snapshot',
    async (name) => {
      const doc = stable(openApiDocument(name));
      expect(JSON.parse(layered(doc))).toEqual(doc);
      await expect(`${layered(doc)}\n`).toMatchFileSnapshot(`./__snapshots__/${name}.openapi.snap`);
    },
  );
});
