import { afterEach, describe, expect, it } from 'vitest';
import { openPushAttempts } from '../push-attempts.repo';
import { mainFileBefore, removeTempFolders, rowsOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe("migration 011: a push attempt's place on the wire", () => {
  it('takes an attempt left sending as written (interrupted at the next start, never sent again), the others as answered', () => {
    const { db, upgrade } = mainFileBefore(11);
    const attempt =
      db.prepare(`INSERT INTO push_attempts (schedule, order_id, number, due_ms, sent_ms, status,
      duration_ms, outcome, exchange_id) VALUES (7, 'o', ?, ?, ?, ?, 2.5, ?, ?)`);
    attempt.run(1, 100, 101, 200, 'delivered', 'ex1');
    attempt.run(2, 200, 202, null, 'interrupted', null);
    attempt.run(3, 300, 303, null, 'sending', null);
    const before = rowsOf(db, 'push_attempts', 'seq') as Record<string, unknown>[];

    expect(upgrade()).toEqual([11]);

    const wires = ['answered', 'answered', 'written'];
    expect(rowsOf(db, 'push_attempts', 'seq')).toEqual(
      before.map((a, i) => ({ ...a, wire: wires[i], planned_exchange: null, claim: null, note: null })),
    );
    expect(openPushAttempts(db).map((a) => [a.number, a.wire])).toEqual([[3, 'written']]);
  });
});
