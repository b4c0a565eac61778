import { afterEach, describe, expect, it } from 'vitest';
import { addOrderRow, mainFileBefore, openTempDb, removeTempFolders, rowsOf } from '../test-kit/main-files';
import { readClockState, writeClockState } from '../clock-state.repo';
import { getIdempotentAnswer, putIdempotentAnswer } from '../om-idempotency.repo';
import { insertOmOrder } from '../om-orders.repo';
import { insertPushAttempt, interruptSendingAttempts, listPushAttempts } from '../push-attempts.repo';
import { deleteOrderTimers, dueTimers, insertTimer, nextDueMs } from '../timers.repo';

const open = openTempDb;
afterEach(removeTempFolders);

const timer = (over: Record<string, unknown>) => ({
  kind: 'k',
  due_ms: 0,
  order_id: null,
  subject: null,
  payload: null,
  dedupe_key: null,
  created_ms: 0,
  ...over,
});
const attempt = (n: number, outcome = 'delivered') => ({
  schedule: 7,
  order_id: 'o',
  number: n,
  due_ms: n,
  sent_ms: n,
  status: 200,
  duration_ms: 1,
  outcome,
  exchange_id: null,
});

describe('migration 005: after the purchase', () => {
  it('creates the clock, timers, order management, push attempt and idempotency tables', () => {
    const db = open();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['clock_state', 'timers', 'om_orders', 'push_attempts', 'om_idempotency']),
    );
  });

  it('keeps one clock row and returns timers in due order, one per dedupe key', () => {
    const db = open();
    writeClockState(db, { mode: 'manual', speed: 1, anchor_sim_ms: 5, anchor_wall_ms: 6, updated_at: 't' });
    writeClockState(db, { mode: 'real', speed: 2, anchor_sim_ms: 7, anchor_wall_ms: 8, updated_at: 'u' });
    expect(readClockState(db)).toMatchObject({ mode: 'real', speed: 2, anchor_sim_ms: 7 });
    expect(insertTimer(db, timer({ due_ms: 30, subject: 'c', order_id: 'o' }))).toBe(1);
    expect(insertTimer(db, timer({ due_ms: 10, subject: 'a', dedupe_key: 'x' }))).toBe(2);
    expect(insertTimer(db, timer({ due_ms: 20, subject: 'b', dedupe_key: 'x' }))).toBe(null);
    expect(dueTimers(db, 100, 10).map((t) => t.subject)).toEqual(['a', 'c']);
    expect(nextDueMs(db)).toBe(10);
    expect(deleteOrderTimers(db, 'o', 'k')).toBe(1);
  });

  it('refuses a second row for one push attempt, and marks attempts left sending as interrupted', () => {
    const db = open();
    insertOmOrder(db, {
      order_id: 'o',
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      doc: '{}',
      state: '{}',
      acknowledged_at: null,
      first_push_ms: 1,
      push_schedule: 7,
      created_at: 't',
      updated_at: 't',
    });
    insertPushAttempt(db, attempt(1));
    expect(() => insertPushAttempt(db, attempt(1))).toThrow(/UNIQUE/);
    insertPushAttempt(db, attempt(2, 'sending'));
    expect(interruptSendingAttempts(db)).toBe(1);
    expect(listPushAttempts(db, 'o').map((a) => a.outcome)).toEqual(['delivered', 'interrupted']);
  });

  it('stores the first answer per idempotency key, method and path', () => {
    const db = open();
    const row = {
      idem_key: 'k',
      method: 'POST',
      path: '/p',
      status: 201,
      headers: '{}',
      body: null,
      created_at: 't',
    };
    putIdempotentAnswer(db, row);
    putIdempotentAnswer(db, { ...row, status: 500 });
    expect(getIdempotentAnswer(db, 'k', 'POST', '/p')?.status).toBe(201);
    expect(getIdempotentAnswer(db, 'k', 'POST', '/other')).toBeUndefined();
  });

  it('keeps the orders, clients, devices and in-person sessions there were, and adds the after-purchase tables empty', () => {
    const { db, upgrade } = mainFileBefore(5);
    addOrderRow(db);
    db.prepare(
      `INSERT INTO elements_clients (id, merchant_id, doc, created_at, updated_at)
      VALUES ('c1', 'm', '{"id":"c1"}', 't', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO ipp_devices (id, name, platform, location_id, metadata, created_at)
      VALUES ('d3', 'Back office', 'android', NULL, '{"k":"v"}', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO ipp_sessions (session_id, device_id, status, expires_ms, doc, created_at, updated_at)
      VALUES ('is1', 'd3', 'ACTIVE', 10, '{}', 't', 't')`,
    ).run();
    const kept = ['checkout_orders', 'elements_clients', 'ipp_devices', 'ipp_sessions'];
    const before = kept.map((t) => rowsOf(db, t));

    expect(upgrade()).toEqual([5]);

    expect(kept.map((t) => rowsOf(db, t))).toEqual(before);
    expect(readClockState(db)).toBeUndefined();
    // Plain SQL: today's timers repository reads the last layout (clock_id came with 010).
    expect(rowsOf(db, 'timers')).toEqual([]);
    expect(['om_orders', 'push_attempts', 'om_idempotency'].map((t) => rowsOf(db, t, '1'))).toEqual([
      [],
      [],
      [],
    ]);
  });
});
