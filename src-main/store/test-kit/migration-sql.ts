import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { attachLog } from '../log-db';
import type { Migration } from '../migrate';
import { tempMainFile } from './main-files';

/*
 * What a migration does to a file is the SQL it hands SQLite (a few bind their seed rows' values too):
 * a released migration is never edited, because the files it already built would not be built again,
 * and the test fixtures of old layouts are those migrations run again (log-fixtures/fixture-folder.ts).
 */

type Recorded = Pick<Database.Database, 'exec' | 'prepare' | 'pragma'>;

/** `db`, with every statement text it is handed (exec, prepare, pragma) pushed onto `sql`. */
function recording(db: Database.Database, sql: string[]): Database.Database {
  const spied: Recorded = {
    exec: (text) => (sql.push(text), db.exec(text)),
    prepare: ((text: string) => (sql.push(text), db.prepare(text))) as Recorded['prepare'],
    pragma: ((text: string, o?: Database.PragmaOptions) => (
      sql.push(`PRAGMA ${text}`),
      db.pragma(text, o)
    )) as Recorded['pragma'],
  };
  return new Proxy(db, {
    get: (target, key) =>
      key in spied ? spied[key as keyof Recorded] : (Reflect.get(target, key, target) as unknown),
  });
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Runs `migrations` in order on a new file (the simulator's, its log attached as migrating attaches it,
 * or with `main: false` a log file) and returns, by version, the SHA-256 of the SQL each handed SQLite.
 */
export function migrationDigests(migrations: readonly Migration[], main = true): Record<number, string> {
  const file = tempMainFile();
  const db = new Database(main ? file : `${file}.log`);
  if (main) attachLog(db, file);
  const digests: Record<number, string> = {};
  for (const m of migrations) {
    const sql: string[] = [];
    db.transaction(() => m.up(recording(db, sql)))();
    digests[m.version] = sha256(sql.join('\n;\n'));
  }
  db.close();
  return digests;
}
