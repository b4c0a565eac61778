import { afterEach, describe, expect, it } from 'vitest';
import { bindToClock, insertTestClock, listBindings } from '../test-clocks.repo';
import { countTimers, dueTimers, nextDueMs } from '../timers.repo';
import { mainFileBefore, removeTempFolders, rowsOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe('migration 010: test clocks', () => {
  it('keeps every pending timer on the simulator clock, and lets orders be bound to a test clock', () => {
    const { db, upgrade } = mainFileBefore(10);
    const timer = db.prepare(`INSERT INTO timers (kind, due_ms, order_id, subject, payload, created_ms)
      VALUES (?, ?, ?, ?, '{}', 0)`);
    timer.run('push.attempt', 20, 'o1', null);
    timer.run('ipp.session.expiry', 10, null, 's1');
    timer.run('om.expiry', 30, 'o2', null);
    const before = rowsOf(db, 'timers') as Record<string, unknown>[];

    expect(upgrade()).toEqual([10]);

    expect(rowsOf(db, 'timers')).toEqual(before.map((t) => ({ ...t, clock_id: null })));
    expect(dueTimers(db, 100, 10).map((t) => t.due_ms)).toEqual([10, 20, 30]);
    insertTestClock(db, { clock_id: 'c', name: null, now_ms: 0, created_ms: 0, created_at: 't' });
    bindToClock(db, { subject: 'o1', kind: 'order', clock_id: 'c', bound_at: 't' });
    bindToClock(db, { subject: 's1', kind: 'ipp_session', clock_id: 'c', bound_at: 't' });
    expect(listBindings(db).map((b) => b.subject)).toEqual(['o1', 's1']);
    expect(dueTimers(db, 100, 10).map((t) => t.order_id ?? t.subject)).toEqual(['o2']);
    expect(dueTimers(db, 100, 10, 'c').map((t) => t.order_id ?? t.subject)).toEqual(['s1', 'o1']);
    expect([nextDueMs(db), nextDueMs(db, 'c'), countTimers(db), countTimers(db, 'c')]).toEqual([
      30, 10, 1, 2,
    ]);
    expect(() => db.prepare("INSERT INTO clock_bindings VALUES ('x', 'shipment', 'c', 't')").run()).toThrow(
      /CHECK/,
    );
  });
});
