import type Database from 'better-sqlite3';
import type { FromWriter, WriteMessage } from './exchange-writer-protocol';

/**
 * Keeping the exchange log under its size cap (settings `log_max_bytes`), in its writer thread
 * (exchange-writer-worker.ts): once the pages in use outgrow the cap, the oldest batches go, down to
 * PRUNE_TO of it, so that pruning happens now and then rather than at every commit. The pages freed are
 * reused by the writes that follow, so the file stays near the cap instead of growing.
 *
 * Removing a batch takes its order-index rows and the shapes no later batch uses (shape ids only grow,
 * and a line reuses the shape of the line before it, so the first remaining entry's shape is the oldest
 * still used). Bodies no shape refers to go later (`collectBodies`), once the thread that sends them by
 * hash alone has forgotten which it sent (the writer's `forget` handshake): a body it still believes
 * stored must not be removed under it.
 */

/**
 * The share of the cap past which the log is pruned, and the share it is brought down to: below the cap
 * itself, so that what comes in while the bodies of a pruning wait to be collected, and the file's
 * growth by whole transactions, stay under it.
 */
export const PRUNE_FROM = 0.95;
export const PRUNE_TO = 0.85;
/**
 * While the bodies of the last pruning wait to be collected (the sender has yet to forget), the log is
 * pruned again only past the cap: the pages of those bodies are still counted, and pruning on every
 * commit meanwhile would remove far more than needed.
 */
export const PRUNE_WHILE_COLLECTING = 1;

export class LogPruner {
  private readonly pageCount;
  private readonly freePages;
  private readonly pageSize: number;
  private readonly seqRange;
  private readonly countUpTo;
  private readonly dropOrderBatches;
  private readonly dropBatches;
  private readonly firstShape;
  private readonly dropShapes;
  private readonly dropOrders;
  private readonly addPruned;
  private readonly readPruned;
  private readonly dropBodies;
  private readonly pruneTxn;

  constructor(db: Database.Database) {
    this.pageCount = db.prepare<[], number>('PRAGMA page_count').pluck();
    this.freePages = db.prepare<[], number>('PRAGMA freelist_count').pluck();
    this.pageSize = db.pragma('page_size', { simple: true }) as number;
    this.seqRange = db.prepare<[], { lo: number | null; hi: number | null }>(
      'SELECT min(seq) AS lo, max(seq) AS hi FROM exchange_batches',
    );
    this.countUpTo = db
      .prepare<[number], number>(
        'SELECT coalesce(sum(json_array_length(entries)), 0) FROM exchange_batches WHERE seq <= ?',
      )
      .pluck();
    this.dropOrderBatches = db.prepare<[number]>('DELETE FROM exchange_order_batches WHERE batch <= ?');
    this.dropBatches = db.prepare<[number]>('DELETE FROM exchange_batches WHERE seq <= ?');
    this.firstShape = db
      .prepare<[], number>("SELECT entries ->> '$[0][0]' FROM exchange_batches ORDER BY seq LIMIT 1")
      .pluck();
    this.dropShapes = db.prepare<[number]>('DELETE FROM exchange_shapes WHERE id < ?');
    this.dropOrders = db.prepare(
      'DELETE FROM exchange_orders WHERE id NOT IN (SELECT order_ref FROM exchange_order_batches)',
    );
    this.addPruned = db.prepare<[number]>('UPDATE log_stats SET pruned = pruned + ? WHERE id = 1');
    this.readPruned = db.prepare<[], number>('SELECT pruned FROM log_stats WHERE id = 1').pluck();
    this.dropBodies = db.prepare(
      `DELETE FROM exchange_bodies WHERE hash NOT IN (
         SELECT request_body_ref FROM exchange_shapes WHERE request_body_ref IS NOT NULL
         UNION ALL SELECT response_body_ref FROM exchange_shapes WHERE response_body_ref IS NOT NULL)`,
    );
    this.pruneTxn = db.transaction((upTo: number): number => {
      const removed = this.countUpTo.get(upTo)!;
      this.dropOrderBatches.run(upTo);
      this.dropBatches.run(upTo);
      const first = this.firstShape.get();
      if (first !== undefined && first !== null) this.dropShapes.run(first);
      this.dropOrders.run();
      this.addPruned.run(removed);
      return removed;
    });
  }

  /** The bytes the log's pages in use hold (free pages are not counted: writes reuse them first). */
  usedBytes(): number {
    return (this.pageCount.get()! - this.freePages.get()!) * this.pageSize;
  }

  /** How many exchanges the cap removed since the log was last emptied. */
  pruned(): number {
    return this.readPruned.get() ?? 0;
  }

  /**
   * When the pages in use are over PRUNE_FROM of `cap`, removes the oldest batches (never the newest), about enough to
   * come down to PRUNE_TO of it by their average size; answers how many exchanges went (0: none).
   */
  prune(cap: number): number {
    const used = this.usedBytes();
    if (used <= cap * PRUNE_FROM) return 0;
    const { lo, hi } = this.seqRange.get()!;
    if (lo === null || hi === null || lo === hi) return 0;
    const perBatch = used / (hi - lo + 1);
    const batches = Math.ceil((used - cap * PRUNE_TO) / perBatch);
    return this.pruneTxn(Math.min(lo + batches - 1, hi - 1));
  }

  /** Removes the bodies no shape refers to any more; answers how many. */
  collectBodies(): number {
    return this.dropBodies.run().changes;
  }
}

/**
 * The writer thread's side of pruning: after a write, the oldest exchanges go if the log outgrew its cap;
 * the sender is then told to move to a new generation (forgetting which bodies it sent), and the bodies
 * no longer used are collected before the first batch of that generation is written.
 */
export class CapKeeper {
  private generation = 0;
  private collectPending = false;
  /**
   * The generation whose first batch the waiting bodies are collected before: the first pruning's since
   * the last collection. Not a later one's: the sender, a generation behind while busy, would otherwise
   * never catch up, and the bodies never go. Collecting at the first is safe for those a later pruning
   * left unused too: every body the sender has sent since it first forgot comes with a batch written
   * after the collection.
   */
  private collectAt = 0;

  constructor(private readonly post: (msg: FromWriter) => void) {}

  /** After a write (or a new cap): prunes when over `cap` (further over while bodies wait, see above). */
  keepUnder(pruner: LogPruner | null, cap: number): void {
    if (pruner === null) return;
    try {
      const count =
        this.collectPending && pruner.usedBytes() <= cap * PRUNE_WHILE_COLLECTING ? 0 : pruner.prune(cap);
      if (count === 0) return;
      this.generation++;
      if (!this.collectPending) this.collectAt = this.generation;
      this.collectPending = true;
      this.post({ type: 'pruned', count, total: pruner.pruned(), forget: this.generation });
    } catch {
      // No space to prune in (a full disk): the writes say so; pruning is tried again after the next.
    }
  }

  /** The index of the first of `msgs` sent after the sender forgot, while bodies wait; else -1. */
  collectBefore(msgs: readonly WriteMessage[]): number {
    return this.collectPending ? msgs.findIndex((m) => m.generation >= this.collectAt) : -1;
  }

  /** Collects the bodies no longer used. */
  collect(pruner: LogPruner | null): void {
    try {
      pruner?.collectBodies();
    } catch {
      // No space (a full disk): they go with a later collection.
    }
    this.collectPending = false;
  }

  /** The log was emptied: nothing waits. */
  reset(): void {
    this.collectPending = false;
  }
}
