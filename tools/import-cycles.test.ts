import { describe, expect, it } from 'vitest';
import { describeCircle, importCircles, importGraph, importsOf, sourceFiles } from './import-graph.mjs';

type Graph = Map<string, string[]>;

describe('import circles', () => {
  const graph: Graph = importGraph();
  const circles: string[][] = importCircles(graph);

  it('reads the whole repository', () => {
    const files: string[] = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    for (const layer of [
      'shared/',
      'src-main/',
      'src-renderer/',
      'src-checkout/',
      'shop/',
      'bench/',
      'tools/',
      'e2e/',
    ])
      expect(files.some((f) => f.startsWith(layer))).toBe(true);
    expect(files.some((f) => /\.(test|spec)\./.test(f))).toBe(false);
  });

  it('finds no file that imports itself back through others (type-only imports included)', () => {
    const found = circles.map((c) => describeCircle(graph, c));
    expect(found, `import circles:\n${found.join('\n')}`).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('finds a loop through type-only imports, re-exports and @shared/ specifiers, and spells it out', () => {
    const graph: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    const circles: string[][] = importCircles(graph);
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(describeCircle(graph, circles[0]!)).toBe('a.ts → b.ts → c.ts → a.ts');
  });

  it('counts `import type`, `export … from` and `@shared/` as imports', () => {
    const text = [
      "import type { Store } from '../src-main/store/store';",
      "export { layerOf } from './eslint-layers.mjs';",
      "export * from '@shared/samples/samples';",
      "import { readFileSync } from 'node:fs';",
      "import { z } from 'zod';",
      "const later = () => import('../scripts/ensure-built.mjs');",
    ].join('\n');
    expect(importsOf(text, 'tools/example.ts')).toEqual([
      'scripts/ensure-built.mjs',
      'shared/samples/samples.ts',
      'src-main/store/store.ts',
      'tools/eslint-layers.mjs',
    ]);
  });
});
