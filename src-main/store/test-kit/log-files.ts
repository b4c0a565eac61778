import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Db } from '../db';
import { LOG_DB_FILE } from '../log-db';
import { tempMainFile } from './main-files';
import { logFileOfLayout, type LogLayout } from './log-fixtures/fixture-folder';
import { LOG_MIGRATIONS, migrateLogFile } from '../log-migrations';

/*
 * For the tests of the log file's migrations: a log file at the layout before one migration, with data
 * (the fixtures are what the writer of each layout made), then that one migration, then the data.
 */

export interface LogFileBefore {
  db: Db;
  file: string;
  /** Runs the migration under test (and records the earlier ones, for a file from before they were numbered). */
  upgrade(): number[];
}

const upTo = (version: number) => LOG_MIGRATIONS.filter((m) => m.version <= version);

/** A new log file with every migration before `version` applied, and nothing in it. */
export function logFileBefore(version: number): LogFileBefore {
  const file = join(tempMainFile(), '..', LOG_DB_FILE);
  const db = new Database(file);
  migrateLogFile(db, upTo(version - 1));
  return { db, file, upgrade: () => migrateLogFile(db, upTo(version)) };
}

/** A log file as the code of layout N left it (log-fixtures/fixture-folder.ts), for the migration after it. */
export function logFileAt(layout: LogLayout): LogFileBefore {
  const file = logFileOfLayout(join(tempMainFile(), '..', LOG_DB_FILE), layout);
  const db = new Database(file);
  return { db, file, upgrade: () => migrateLogFile(db, upTo(layout + 1)) };
}

interface FlatRow extends Omit<Exchange, 'request' | 'response' | 'violations'> {
  request_headers: string;
  request_body: string | null;
  response_headers: string;
  response_body: string | null;
  violations: string;
}

/** The log's exchanges as `exchanges_flat` shows them (layout 2 on), oldest first. */
export function flatExchanges(db: Db): Exchange[] {
  const rows = db
    .prepare(
      `SELECT id, order_id, direction, kind, method, url, status, duration_ms, at, request_headers, request_body,
        response_headers, response_body, outcome, violations FROM exchanges_flat ORDER BY batch, position`,
    )
    .all() as FlatRow[];
  return rows.map(({ request_headers, request_body, response_headers, response_body, violations, ...r }) => ({
    ...r,
    request: { headers: JSON.parse(request_headers) as Record<string, string>, body: request_body },
    response: { headers: JSON.parse(response_headers) as Record<string, string>, body: response_body },
    violations: JSON.parse(violations) as Exchange['violations'],
  }));
}
