import { preparedFor, type Db } from './db';

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

const s = preparedFor((db: Db) => {
  return {
    insert: db.prepare(
      'INSERT INTO ipp_sessions (session_id, device_id, status, expires_ms, doc, created_at, updated_at) VALUES (@session_id, @device_id, @status, @expires_ms, @doc, @created_at, @updated_at)',
    ),
    update: db.prepare(
      'UPDATE ipp_sessions SET status = @status, doc = @doc, updated_at = @updated_at WHERE session_id = @session_id',
    ),
    get: db.prepare('SELECT * FROM ipp_sessions WHERE session_id = ?'),
    openOnDevice: db.prepare(`SELECT * FROM ipp_sessions WHERE device_id = ? AND status IN ${OPEN}`),
    due: db.prepare(
      `SELECT * FROM ipp_sessions WHERE status IN ${OPEN} AND expires_ms <= ? ORDER BY expires_ms, seq`,
    ),
    list: db.prepare('SELECT * FROM ipp_sessions ORDER BY seq DESC LIMIT ?'),
    listByDevice: db.prepare('SELECT * FROM ipp_sessions WHERE device_id = ? ORDER BY seq DESC LIMIT ?'),
  };
});

export function insertIppSession(db: Db, row: IppSessionRow): void {
  s(db).insert.run(row);
}

export function updateIppSession(
  db: Db,
  row: Pick<IppSessionRow, 'session_id' | 'status' | 'doc' | 'updated_at'>,
): boolean {
  return s(db).update.run(row).changes === 1;
}

export function getIppSession(db: Db, sessionId: string): IppSessionRow | undefined {
  return s(db).get.get(sessionId) as IppSessionRow | undefined;
}

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
