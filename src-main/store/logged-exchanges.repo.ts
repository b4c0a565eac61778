import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Db } from './db';
import { fromShape } from './exchange-doc';
import { shapeReader } from './exchanges.repo';

/** One exchange in a batch row: its shape's id, then its own id, time and duration (log-db.ts). */
type Entry = [shape: number, id: string, at: string, durationMs: number];

const OLD_RUN = 32;

/**
 * Which of `ids` the log holds, and their exchanges: for a restart, to read the answers the log
 * committed before a kill while simulator.db did not. Batches are read newest first (what was in
 * flight at a kill is at the log's end) until every id is found or OLD_RUN batches in a row hold only
 * exchanges begun before `sinceIso` (when the first of `ids` was claimed). A run rather than one such
 * batch: a slow call begun long before can be committed after the ones looked for. Ids are not
 * indexed (see findExchange); this runs only at a start that follows a kill.
 */
export function findLoggedExchanges(
  db: Db,
  ids: ReadonlySet<string>,
  sinceIso: string,
): Map<string, Exchange> {
  const found = new Map<string, Exchange>();
  if (ids.size === 0) return found;
  const shapeOf = shapeReader(db);
  // Pages, not iterate(): the connection cannot read shapes while a statement iterates.
  const page = db.prepare(
    'SELECT seq, entries FROM log.exchange_batches WHERE seq < ? ORDER BY seq DESC LIMIT 16',
  );
  let before = Number.MAX_SAFE_INTEGER;
  let olderRun = 0;
  for (;;) {
    const rows = page.all(before) as { seq: number; entries: string }[];
    for (const row of rows) {
      let newer = false;
      for (const [shape, id, at, durationMs] of JSON.parse(row.entries) as Entry[]) {
        if (at >= sinceIso) newer = true;
        if (ids.has(id) && !found.has(id))
          found.set(id, fromShape({ id, at, duration_ms: durationMs }, shapeOf(shape)));
      }
      olderRun = newer ? 0 : olderRun + 1;
      if (found.size === ids.size || olderRun >= OLD_RUN) return found;
      before = row.seq;
    }
    if (rows.length === 0) return found;
  }
}
