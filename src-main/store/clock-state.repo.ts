import { preparedFor, type Db } from './db';

/** The simulator clock's stored state: sim time = anchor_sim_ms + (wall − anchor_wall_ms) × speed in real mode. */
export interface ClockStateRow {
  mode: 'real' | 'manual';
  speed: number;
  anchor_sim_ms: number;
  anchor_wall_ms: number;
  updated_at: string;
}

export function readClockState(db: Db): ClockStateRow | undefined {
  return db
    .prepare('SELECT mode, speed, anchor_sim_ms, anchor_wall_ms, updated_at FROM clock_state WHERE id = 1')
    .get() as ClockStateRow | undefined;
}

// Prepared once: the row is written on every manual move of the clock.
const upsert = preparedFor((db: Db) =>
  db.prepare(
    `INSERT INTO clock_state (id, mode, speed, anchor_sim_ms, anchor_wall_ms, updated_at)
     VALUES (1, @mode, @speed, @anchor_sim_ms, @anchor_wall_ms, @updated_at)
     ON CONFLICT(id) DO UPDATE SET mode = excluded.mode, speed = excluded.speed,
       anchor_sim_ms = excluded.anchor_sim_ms, anchor_wall_ms = excluded.anchor_wall_ms,
       updated_at = excluded.updated_at`,
  ),
);

/** Upserts the one row. */
export function writeClockState(db: Db, row: ClockStateRow): void {
  upsert(db).run(row);
}
