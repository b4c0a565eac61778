import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
