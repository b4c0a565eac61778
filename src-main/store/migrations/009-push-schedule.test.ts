import { afterEach, describe, expect, it } from 'vitest';
import { mainFileBefore, removeTempFolders, rowsOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe('migration 009: push attempts keyed by schedule', () => {
  it('gives a pending schedule its timer, a finished one a number of its own, and keeps every attempt', () => {
    const { db, upgrade } = mainFileBefore(9);
    const order =
      db.prepare(`INSERT INTO om_orders (order_id, status, fraud_status, doc, state, first_push_ms,
      created_at, updated_at) VALUES (?, 'AUTHORIZED', 'ACCEPTED', '{}', '{}', ?, 't', 't')`);
    order.run('pending', 1);
    order.run('finished', 1);
    order.run('in-person', null);
    const timer = db.prepare(`INSERT INTO timers (id, kind, due_ms, order_id, payload, created_ms)
      VALUES (?, ?, 9, ?, '{}', 0)`);
    timer.run(41, 'push.attempt', 'pending');
    timer.run(42, 'om.expiry', 'finished');
    const attempt =
      db.prepare(`INSERT INTO push_attempts (order_id, number, due_ms, sent_ms, status, duration_ms, outcome,
      exchange_id) VALUES (?, ?, ?, ?, ?, 2.5, ?, ?)`);
    attempt.run('pending', 1, 100, 101, 500, 'failed', 'ex1');
    attempt.run('finished', 1, 100, 102, null, 'timeout', null);
    attempt.run('finished', 2, 200, 203, 200, 'delivered', 'ex2');
    // An attempt whose order is gone (not possible from the code, kept all the same).
    attempt.run('orphan', 1, 300, 301, 200, 'delivered', null);
    const attempts = rowsOf(db, 'push_attempts', 'seq') as Record<string, unknown>[];
    const timers = rowsOf(db, 'timers');

    expect(upgrade()).toEqual([9]);

    expect(db.prepare('SELECT order_id, push_schedule FROM om_orders ORDER BY rowid').all()).toEqual([
      { order_id: 'pending', push_schedule: 41 },
      { order_id: 'finished', push_schedule: -2 },
      { order_id: 'in-person', push_schedule: null },
    ]);
    const schedules = [41, -2, -2, -1000000000000 - 4];
    expect(rowsOf(db, 'push_attempts', 'seq')).toEqual(
      attempts.map((a, i) => ({ ...a, schedule: schedules[i] })),
    );
    // Plain SQL (the repository knows only the last layout): the attempts of an order, by its schedule.
    const ofOrder = db.prepare(`SELECT schedule, number, outcome FROM push_attempts
      WHERE schedule = (SELECT push_schedule FROM om_orders WHERE order_id = ?) ORDER BY number`);
    expect(ofOrder.raw().all('finished')).toEqual([
      [-2, 1, 'timeout'],
      [-2, 2, 'delivered'],
    ]);
    expect(rowsOf(db, 'timers')).toEqual(timers);
    expect(() =>
      db
        .prepare(
          "INSERT INTO push_attempts (schedule, order_id, number, due_ms, sent_ms, outcome) VALUES (41, 'pending', 1, 1, 1, 'x')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });
});
