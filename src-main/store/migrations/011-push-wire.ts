import type { Migration } from '../migrate';

/**
 * A push attempt's place on the wire, so that after a kill the record says what the merchant got.
 * `wire`: 'claimed' (recorded), 'written' (its request is on the socket), 'answered'. Written is marked
 * here only for a database in memory; a file's attempts are marked in the file beside it, which costs
 * one system call instead of a commit (store/push-wire-marks.ts).
 * `planned_exchange`: the id its exchange gets in the log, reserved at the claim, so that an answer
 * the log committed before a kill can be found and read after the restart. `claim`: what the timer
 * carried (the URL, the first attempt's time, a fault), kept until the request is written, so that an
 * attempt claimed and never written can be sent after the restart. `note`: why an attempt went late,
 * or how its answer was recovered.
 *
 * Existing data: an attempt still 'sending' was made by code that did not say whether it reached the
 * wire; it is taken as written (read as interrupted, never sent again: a duplicate is the worse error).
 */
export const m011PushWire: Migration = {
  version: 11,
  name: 'push-wire',
  up(db) {
    db.exec(`
      ALTER TABLE push_attempts ADD COLUMN wire TEXT NOT NULL DEFAULT 'answered';
      ALTER TABLE push_attempts ADD COLUMN planned_exchange TEXT;
      ALTER TABLE push_attempts ADD COLUMN claim TEXT;
      ALTER TABLE push_attempts ADD COLUMN note TEXT;
      UPDATE push_attempts SET wire = 'written' WHERE outcome = 'sending';
    `);
  },
};
