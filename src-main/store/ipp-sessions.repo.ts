import { preparedFor, type Db } from './db';
import { keyedTable } from './keyed-table';

/** A stored in-person session: the API document (history included) as JSON, with the columns queried on. */
export interface IppSessionRow {
  session_id: string;
  device_id: string;
  status: string;
  /** The expiry time in epoch milliseconds, so the sweep is one indexed range query. */
  expires_ms: number;
  doc: string;
  created_at: string;
  updated_at: string;
}

const OPEN = "('CREATED', 'ACTIVE')";

const sessions = keyedTable<
  IppSessionRow,
  'session_id',
  keyof IppSessionRow,
  'status' | 'doc' | 'updated_at'
>({
  table: 'ipp_sessions',
  key: ['session_id'],
  insert: ['session_id', 'device_id', 'status', 'expires_ms', 'doc', 'created_at', 'updated_at'],
  update: ['status', 'doc', 'updated_at'],
});

const s = preparedFor((db: Db) => {
  return {
    openOnDevice: db.prepare(`SELECT * FROM ipp_sessions WHERE device_id = ? AND status IN ${OPEN}`),
    due: db.prepare(
      `SELECT * FROM ipp_sessions WHERE status IN ${OPEN} AND expires_ms <= ? ORDER BY expires_ms, seq`,
    ),
    list: db.prepare('SELECT * FROM ipp_sessions ORDER BY seq DESC LIMIT ?'),
    listByDevice: db.prepare('SELECT * FROM ipp_sessions WHERE device_id = ? ORDER BY seq DESC LIMIT ?'),
  };
});

export const insertIppSession = sessions.insert;

export const updateIppSession = sessions.update;

export const getIppSession = (db: Db, sessionId: string): IppSessionRow | undefined =>
  sessions.get(db, { session_id: sessionId });

/** The device's open (CREATED or ACTIVE) session, if any; at most one by the unique index. */
export function openIppSessionOnDevice(db: Db, deviceId: string): IppSessionRow | undefined {
  return s(db).openOnDevice.get(deviceId) as IppSessionRow | undefined;
}

/** Open sessions whose expiry time is at or before `nowMs`, soonest first. */
export function dueIppSessions(db: Db, nowMs: number): IppSessionRow[] {
  return s(db).due.all(nowMs) as IppSessionRow[];
}

/** Newest first, optionally for one device. */
export function listIppSessions(db: Db, limit: number, deviceId?: string): IppSessionRow[] {
  const rows = deviceId === undefined ? s(db).list.all(limit) : s(db).listByDevice.all(deviceId, limit);
  return rows as IppSessionRow[];
}
