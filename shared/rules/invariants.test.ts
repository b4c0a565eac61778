import { describe, expect, it } from 'vitest';
import { INVARIANT_TEXT, INVARIANTS, STATE_INVARIANTS } from './invariants';

describe("explore's built-in invariants", () => {
  it('are the six that docs/explore.md lists, each named once', () => {
    expect([...INVARIANTS].sort()).toEqual([
      'acknowledged',
      'callback_conformance',
      'no_refused_calls',
      'no_server_errors',
      'one_merchant_order',
      'one_merchant_reference',
    ]);
  });

  it('each has its one sentence, and there is no sentence for a name that is not an invariant', () => {
    expect(Object.keys(INVARIANT_TEXT).sort()).toEqual([...INVARIANTS].sort());
    for (const name of INVARIANTS) expect(INVARIANT_TEXT[name].length, name).toBeGreaterThan(40);
  });

  it('the sentences say what each checks', () => {
    expect(INVARIANT_TEXT.no_server_errors).toMatch(/no 5xx/);
    expect(INVARIANT_TEXT.callback_conformance).toMatch(/follows the spec/);
    expect(INVARIANT_TEXT.acknowledged).toMatch(/acknowledged before push gives up/);
    expect(INVARIANT_TEXT.no_refused_calls).toMatch(/READ_ONLY_ORDER/);
    expect(INVARIANT_TEXT.one_merchant_reference).toMatch(/two different merchant references/);
    expect(INVARIANT_TEXT.one_merchant_order).toMatch(/merchant-state URL counts exactly one/);
  });

  it("only one_merchant_order reads the merchant's own state (so it needs a merchant-state URL)", () => {
    expect(STATE_INVARIANTS).toEqual(['one_merchant_order']);
  });
});
