import { describe, expect, it } from 'vitest';
import { judge } from './crash-judge.mjs';

// Histories a kill leaves, as the crash benchmark reads them from both files and the merchant stub.
const ID = 'order-1';
const answered = (number, receipt) => ({
  row: { order_id: ID, number, outcome: 'bad_status', status: 500, exchange_id: `x${number}`, note: null },
  logged: [`x${number}`, { status: 500, receipt }],
});
const interrupted = (number) => ({
  row: { order_id: ID, number, outcome: 'interrupted', status: null, exchange_id: null, note: 'stopped' },
  logged: null,
});

/** Judges one order of `attempts`; `received` is how many pushes the merchant stub counted. */
function judgeOne(attempts, received, extraLogged = []) {
  const logged = new Map([...attempts.flatMap((a) => (a.logged ? [a.logged] : [])), ...extraLogged]);
  const rows = attempts.map((a) => a.row);
  return judge([ID], rows, new Map([[ID, logged]]), new Map([[ID, received]]), attempts.length);
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the crash benchmark judge', () => {
  it('counts a push marked written and never received on its own line, not as 9 mismatches', () => {
    // Attempt 8 was marked written and the kill came before the write: the merchant's 8th push is
    // attempt 9, so attempts 9-16 carry receipts 8-15 (issue #35's run read this as 9 mismatches).
    const attempts = [
      ...range(1, 7).map((n) => answered(n, n)),
      interrupted(8),
      ...range(9, 16).map((n) => answered(n, n - 1)),
    ];
    const { tally, problems } = judgeOne(attempts, 15);
    expect(tally).toMatchObject({ mismatches: 0, duplicates: 0, neverSent: 0, markedNeverReceived: 1 });
    expect(problems).toEqual([]);
  });

  it('counts nothing missing when an interrupted push did reach the merchant', () => {
    const attempts = [
      ...range(1, 7).map((n) => answered(n, n)),
      interrupted(8),
      ...range(9, 16).map((n) => answered(n, n)),
    ];
    const { tally } = judgeOne(attempts, 16);
    expect(tally).toMatchObject({ mismatches: 0, duplicates: 0, neverSent: 0, markedNeverReceived: 0 });
  });

  it('finds an attempt read interrupted while the log holds its answer', () => {
    const attempts = [
      ...range(1, 7).map((n) => answered(n, n)),
      interrupted(8),
      ...range(9, 16).map((n) => answered(n, n)),
    ];
    const { tally, problems } = judgeOne(attempts, 16, [['x-lost', { status: 500, receipt: 8 }]]);
    expect(tally.mismatches).toBe(1);
    expect(problems[0]).toContain(
      "the log holds the answer to the merchant's push 8 (x-lost), which no attempt reads",
    );
  });

  it('finds an attempt holding the answer to the push before it', () => {
    // Attempt 10 reads attempt 9's exchange: the answer to the merchant's push 9.
    const attempts = range(1, 16).map((n) => answered(n, n));
    attempts[9] = { ...attempts[9], row: { ...attempts[9].row, exchange_id: 'x9' }, logged: null };
    const { tally, problems } = judgeOne(attempts, 16, [['x10', { status: 500, receipt: 10 }]]);
    expect(problems).toContain('order-1: attempt 10 reads exchange x9 twice');
    expect(tally.mismatches).toBeGreaterThanOrEqual(2);
  });

  it('counts a push the merchant never got that was not interrupted as never sent, and one too many as a duplicate', () => {
    const timedOut = {
      row: { order_id: ID, number: 16, outcome: 'timeout', status: null, exchange_id: 'x16', note: null },
      logged: ['x16', { status: null, receipt: null }],
    };
    expect(judgeOne([...range(1, 15).map((n) => answered(n, n)), timedOut], 15).tally).toMatchObject({
      mismatches: 0,
      neverSent: 1,
      markedNeverReceived: 0,
    });
    expect(
      judgeOne(
        range(1, 16).map((n) => answered(n, n)),
        17,
      ).tally.duplicates,
    ).toBe(1);
  });
});
