import { describe, expect, it } from 'vitest';
import { composeScore, fileCounts, folderSources, typesOnly } from './mutate-score.mjs';

const at = (status: string, line: number) => ({ status, location: { start: { line } } });

describe('npm run mutate:score: a folder’s score from the runs of its files', () => {
  it('counts time-outs as killed, survivors and mutants no test ran as left, and leaves out compile errors', () => {
    const entry = {
      source: '',
      mutants: [
        at('Killed', 1),
        at('Timeout', 2),
        at('Survived', 3),
        at('NoCoverage', 4),
        at('CompileError', 5),
        at('RuntimeError', 6),
        at('Ignored', 7),
      ],
    };
    expect(fileCounts(entry)).toEqual({ mutants: 4, killed: 2, survivors: [3, 4] });
  });

  it('takes per file the newest report that holds the file as it is now, and names a file none holds', () => {
    const report = (name: string, time: number, files: Record<string, [string, string[]]>) => ({
      name,
      time,
      files: Object.fromEntries(
        Object.entries(files).map(([f, [source, statuses]]) => [
          f,
          { source, mutants: statuses.map((s, i) => at(s, i + 1)) },
        ]),
      ),
    });
    const reports = [
      report('old.json', 1, { 'a.ts': ['A', ['Survived', 'Survived']], 'b.ts': ['B', ['Survived']] }),
      report('new.json', 3, { 'a.ts': ['A', ['Killed', 'Survived']], 'b.ts': ['B-old', ['Killed']] }),
      report('mid.json', 2, { 'a.ts': ['A', ['Killed', 'Killed']] }),
    ];
    const types = 'export type T = { a: string };\nexport interface U { b: number }\n';
    const r = composeScore(reports, { 'a.ts': 'A', 'b.ts': 'B', 'c.ts': 'C', 'types.ts': types });
    expect(r.files).toEqual([
      { file: 'a.ts', report: 'new.json', mutants: 2, killed: 1, survivors: [2] },
      // new.json mutated other code of b.ts: its result is not b.ts's.
      { file: 'b.ts', report: 'old.json', mutants: 1, killed: 0, survivors: [1] },
    ]);
    expect(r.missing).toEqual(['c.ts']);
    expect(r.typeFiles).toEqual(['types.ts']);
    expect([r.mutants, r.killed, r.score]).toEqual([3, 1, 100 / 3]);
    expect(composeScore([], {}).score).toBe(100);
  });

  it('tells a file of types only, which has no mutants, from one with code', () => {
    expect(typesOnly("import type { A } from './a';\nexport type B = A[];\n")).toBe(true);
    expect(typesOnly('export type B = string;\nexport const b: B = "";\n')).toBe(false);
    expect(typesOnly('// only a comment\n')).toBe(true);
    expect(typesOnly('export enum E { A }\n')).toBe(false);
  });

  it('reads the folder as npm run mutate mutates it: no tests, test kits or declarations', () => {
    const files = folderSources('src-main/core/push/');
    expect(files).toContain('src-main/core/push/push-service.ts');
    expect(files.filter((f) => /\.test\.ts$|\/test-kit\/|\.d\.ts$/.test(f))).toEqual([]);
    expect(files.every((f) => f.startsWith('src-main/core/push/'))).toBe(true);
  });
});
