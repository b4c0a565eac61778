import type { Migration } from '../migrate';

/**
 * Test clocks (sim-defined, after Stripe's): clocks of their own beside the simulator clock, each moved
 * only by hand, and what is bound to one (a checkout order with its order-management order, or an
 * in-person session). A timer carries its clock (`clock_id`, NULL for the simulator clock), so advancing a
 * test clock fires only its own timers and the simulator clock never fires them.
 */
export const m010TestClocks: Migration = {
  version: 10,
  name: 'test-clocks',
  up(db) {
    db.exec(`
      CREATE TABLE test_clocks (
        clock_id TEXT PRIMARY KEY,
        name TEXT,
        now_ms INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE clock_bindings (
        subject TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('order', 'ipp_session')),
        clock_id TEXT NOT NULL REFERENCES test_clocks (clock_id),
        bound_at TEXT NOT NULL
      );
      CREATE INDEX clock_bindings_clock ON clock_bindings (clock_id);
      ALTER TABLE timers ADD COLUMN clock_id TEXT;
      -- Test clocks' timers only: the simulator clock's rounds keep walking timers_due.
      CREATE INDEX timers_test_clock ON timers (clock_id, due_ms, id) WHERE clock_id IS NOT NULL;
    `);
  },
};
