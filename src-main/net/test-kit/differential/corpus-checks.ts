// What both differential tests do with their corpus once each case has run on both sides: print the
// verdicts side by side (DIFF_REPORT), and one test per case against what the corpus expects.
import { describe, expect, it } from 'vitest';

/** A case as the checks read it: the part that answer-case.ts and request-case.ts have in common. */
export interface CheckedCase {
  name: string;
  /** node:http's verdict. */
  expect: string;
  /** The simulator answers otherwise on purpose. */
  deliberate?: { verdict: string; why: string };
  /** A part of the simulator's words (its error detail, or its refusal). */
  says?: string;
}

/** What each side gave for a case: the two verdicts and the simulator's words, if any. */
export interface Seen {
  reference: string;
  simulator: string;
  words: string | null;
}

/** With DIFF_REPORT set, prints every case's two verdicts (`line` shows a side's), marking where they differ. */
export function reportVerdicts(
  corpus: readonly CheckedCase[],
  seen: ReadonlyMap<string, Seen>,
  line: (v: Seen) => { node: string; sim: string },
): void {
  if (!process.env.DIFF_REPORT) return;
  for (const c of corpus) {
    const v = seen.get(c.name)!;
    const mark = v.reference === v.simulator ? '  ' : '≠ ';
    const { node, sim } = line(v);
    console.log(`${mark}${c.name}\n    node: ${node}\n    sim:  ${sim}`);
  }
}

/**
 * The corpus's tests: every case is named once; node:http gives the case's verdict, the simulator the
 * same (or its deliberate one), and the simulator's words name what the case `says`.
 */
export function describeCorpus(
  title: string,
  corpus: readonly CheckedCase[],
  seen: ReadonlyMap<string, Seen>,
): void {
  describe(title, () => {
    it('names every case once', () => {
      expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
    });
    for (const c of corpus) {
      it(c.name, () => {
        const v = seen.get(c.name)!;
        expect(v.reference, 'node:http (the reference)').toBe(c.expect);
        expect(v.simulator, c.deliberate ? `deliberately: ${c.deliberate.why}` : 'the simulator').toBe(
          c.deliberate?.verdict ?? c.expect,
        );
        if (c.says !== undefined) expect(v.words).toContain(c.says);
      });
    }
  });
}
