import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { markdownLinks } from './doc-links';
import { sourceFiles } from './import-graph.mjs';

// docs/architecture.md's table of layers says what the lint rule enforces: the same layers, each in its
// folder, each allowed the same imports (the table leaves out a layer's own folder, which is always allowed).
const ROOT = resolve(import.meta.dirname, '..');

/** The lint rule's own table (tools/eslint-layers.mjs, plain JavaScript: typed here). */
const { ALLOWED, layerOf } = (await import(pathToFileURL(join(ROOT, 'tools/eslint-layers.mjs')).href)) as {
  ALLOWED: Record<string, string[]>;
  layerOf(absPath: string): string | null;
};
const HEADING = '## Layers and allowed imports';

interface Row {
  layer: string;
  folder: string;
  imports: string[];
}

/** The rows of the first table under the heading: `layer` | `folder/` | `a`, `b` (or "nothing else"). */
function layerTable(markdown: string): Row[] {
  const at = markdown.indexOf(`\n${HEADING}\n`);
  if (at < 0) throw new Error(`docs/architecture.md has no "${HEADING}" section`);
  const lines = markdown.slice(at + HEADING.length + 2).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    rows.push({ layer: names(cells[0]!)[0]!, folder: names(cells[1]!)[0]!, imports: names(cells[2]!) });
  }
  return rows;
}

const rows = layerTable(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

describe("docs/architecture.md's layer table", () => {
  it('lists the lint rule’s layers', () => {
    expect(rows.map((r) => r.layer).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('gives each layer the imports the rule allows it', () => {
    const documented = Object.fromEntries(rows.map((r) => [r.layer, [...r.imports].sort()]));
    const enforced = Object.fromEntries(
      Object.entries(ALLOWED).map(([layer, to]) => [layer, to.filter((t) => t !== layer).sort()]),
    );
    expect(documented).toEqual(enforced);
  });

  it('names the folder the rule reads as each layer', () => {
    for (const r of rows)
      expect([r.folder, layerOf(join(ROOT, r.folder, 'any.ts'))]).toEqual([r.folder, r.layer]);
  });
});

// docs/architecture.md's "Who owns what" table says where to look: every file it names exists, and every
// file a contributor looks for by kind (an API's operations, an error shape) is named in the page.
const OWNERS = '## Who owns what';
const DOC = 'docs/architecture.md';

/** The repository paths the owner table's links name (`../x` from docs/ is `x`). */
function ownerTableFiles(markdown: string): string[] {
  const at = markdown.indexOf(`\n${OWNERS}\n`);
  if (at < 0) throw new Error(`${DOC} has no "${OWNERS}" section`);
  const rest = markdown.slice(at + OWNERS.length + 2);
  const table = rest.slice(0, rest.search(/\n(?!\|)[^\n]*\S/) + 1 || undefined);
  return markdownLinks(table)
    .map((l) => l.target.split('#')[0]!)
    .filter((t) => t.startsWith('../'))
    .map((t) => t.slice(3));
}

/** The files the table names that do not exist. */
function missingOwnerFiles(markdown: string, exists: (path: string) => boolean): string[] {
  return ownerTableFiles(markdown).filter((f) => !exists(f));
}

/** Of `files`, those the page does not name (by their file name, linked or in code). */
function unnamed(markdown: string, files: string[]): string[] {
  return files.filter((f) => !markdown.includes(basename(f)));
}

const doc = readFileSync(join(ROOT, DOC), 'utf8');
const exists = (p: string) => existsSync(join(ROOT, p));

describe("docs/architecture.md's owner table", () => {
  it('names only files that exist', () => {
    expect(ownerTableFiles(doc).length).toBeGreaterThan(60);
    expect(missingOwnerFiles(doc, exists)).toEqual([]);
  });

  it('fails when a file it names is missing', () => {
    const moved = doc.replaceAll(
      '](../src-main/core/order-locks.ts)',
      '](../src-main/core/locks/order-locks.ts)',
    );
    expect(moved).not.toEqual(doc);
    expect(missingOwnerFiles(moved, exists)).toEqual(['src-main/core/locks/order-locks.ts']);
  });

  it("names every API's operations file and every error-shape file", () => {
    const kinds = sourceFiles().filter((f: string) =>
      /(-operations|-errors|^error-shapes)\.ts$/.test(basename(f)),
    );
    expect(kinds.length).toBeGreaterThan(12);
    expect(unnamed(doc, kinds)).toEqual([]);
  });

  it('fails when an operations file is not named', () => {
    const without = doc.replaceAll('ipp-operations.ts', 'ipp-ops.ts');
    expect(unnamed(without, ['src-main/http/provider/ipp-operations.ts'])).toEqual([
      'src-main/http/provider/ipp-operations.ts',
    ]);
  });
});
