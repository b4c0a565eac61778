import type { Exchange, ExchangeFilter, ExchangePage } from '@shared/schemas/exchange.schema';
import { isFiltered, matchesExchange } from '@shared/rules/exchange-filter';
import { findExchange, listExchanges } from '../../store/exchanges.repo';
import { searchExchanges } from '../../store/exchange-search.repo';
import type { BodyHashes, ExchangeWriter } from '../../store/exchange-writer';
import type { ExchangeEntry } from '../../store/exchange-doc';

export type { BodyHashes, ExchangeEntry };
import type { Db } from '../../store/db';
import { detachLog, reattachLog } from '../../store/log-db';
import type { DiskWatch } from '../disk-watch';
import type { EventBus } from '../events';
import type { Logger } from '../log';

const MAX_BATCH = 512;
/** How long an exchange may wait in memory before it is handed to the writer. */
export const FLUSH_DELAY_MS = 4;
/** Batches handed to the writer and not yet committed that bulk work lets pile up (see catchUp). */
export const BACKLOG_BATCHES = 8;

/**
 * Records every exchange. Writes are batched: an exchange is encoded into the writer's batch at once
 * and the batch is handed to the writer thread at most FLUSH_DELAY_MS later, which commits it in one
 * transaction, so a burst of requests costs one commit and the HTTP thread never waits on SQLite for
 * the log. Order state is never batched: the services write it synchronously before they answer.
 */
export class ExchangeLog {
  /** What `exchange.recorded` says about each exchange of the batch being built, once it is committed. */
  private recorded: { id: string; order_id: string | null; kind: string }[] = [];
  private pending: ExchangeEntry[] = [];
  private pendingHashes: (BodyHashes | undefined)[] = [];
  private encodeScheduled = false;
  private timer: NodeJS.Timeout | null = null;
  /**
   * The batches handed to the writer and not yet settled, oldest first: the writer thread commits them
   * one after another, so they settle in this order.
   */
  private readonly backlog: Promise<void>[] = [];
  /** How many exchanges were recorded so far, and how many of the first of them are settled (see mark). */
  private recordedCount = 0;
  private settledCount = 0;
  /** Who waits for a mark to settle (whenSettled), in the order they asked. */
  private settleWaiters: { mark: number; resolve: () => void }[] = [];
  /** A flush is due at the end of this turn of the event loop: someone waits on a mark (whenSettled). */
  private hurried = false;
  /** While Clear log replaces the file (detached from this connection): reads wait for it. */
  private clearing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly writer: ExchangeWriter,
    private readonly events: EventBus,
    private readonly log: Logger,
    /** Told which writes committed and which were dropped (a full disk); optional for tests. */
    private readonly disk?: DiskWatch,
  ) {}

  /** `hashes`: content hashes of bodies recorded whole and unmasked, when the caller knows them. */
  record(e: ExchangeEntry, hashes?: BodyHashes): void {
    this.recordedCount++;
    this.pending.push(e);
    this.pendingHashes.push(hashes);
    if (!this.encodeScheduled) {
      this.encodeScheduled = true;
      setImmediate(this.encodePending);
    }
  }

  /**
   * Encodes the exchanges recorded since the last turn of the event loop into the writer's batch. It
   * runs after the loop's I/O callbacks, so the answers of a burst of requests go out before the work
   * of logging them is done.
   */
  private readonly encodePending = (): void => {
    this.encodeScheduled = false;
    const list = this.pending;
    const hashes = this.pendingHashes;
    if (list.length === 0) return;
    this.pending = [];
    this.pendingHashes = [];
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      this.writer.append(e, hashes[i]);
      this.recorded.push({ id: e.id, order_id: e.order_id, kind: e.kind });
    }
    if (this.recorded.length >= MAX_BATCH) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  };

  /** Hands everything recorded to the writer; resolves when all of it (and earlier batches) is committed. */
  flush(): Promise<void> {
    this.encodePending();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.recorded.length > 0) {
      const batch = this.recorded;
      this.recorded = [];
      const through = this.recordedCount;
      const written = this.writer.commit().then(
        () => {
          this.settle(through);
          this.disk?.written();
          for (const r of batch) this.events.emit('exchange.recorded', r);
        },
        (err: unknown) => {
          this.settle(through);
          this.disk?.dropped(batch.length, err);
          this.log.error(`could not write ${batch.length} exchanges to the log`, err);
        },
      );
      this.backlog.push(written);
      void written.then(() => this.backlog.shift());
    }
    return this.catchUp(0);
  }

  /**
   * A mark of everything recorded so far: `settled(mark)` says whether all of it is written to the log
   * file (or its write failed and was reported), so what refers to an exchange in the other file (a
   * push attempt's exchange id) can be stored only once the exchange is, and a kill cannot leave a
   * reference to an exchange the log never got.
   */
  mark(): number {
    return this.recordedCount;
  }

  settled(mark: number): boolean {
    return mark <= this.settledCount;
  }

  /**
   * Resolves once `mark` is settled: in the log's own time, or with `hurry` at the end of this turn of
   * the event loop (one write for every exchange recorded in it, so a burst still makes one batch).
   */
  whenSettled(mark: number, hurry = false): Promise<void> {
    if (this.settled(mark)) return Promise.resolve();
    if (hurry && !this.hurried) {
      this.hurried = true;
      setImmediate(() => {
        this.hurried = false;
        void this.flush();
      });
    }
    return new Promise((resolve) => this.settleWaiters.push({ mark, resolve }));
  }

  private settle(through: number): void {
    this.settledCount = Math.max(this.settledCount, through);
    if (this.settleWaiters.length === 0) return;
    const still = [];
    for (const w of this.settleWaiters)
      if (this.settled(w.mark)) w.resolve();
      else still.push(w);
    this.settleWaiters = still;
  }

  /**
   * Backpressure for bulk work (an advance firing thousands of pushes): resolves at once while at most
   * `batches` handed-over batches wait for the writer thread, else once the oldest have committed so
   * that only `batches` are left. Exchanges held in memory stay bounded, and the work that records
   * them waits for the writer only when it has fallen behind (a full flush would wait every time).
   */
  catchUp(batches: number = BACKLOG_BATCHES): Promise<void> {
    const behind = this.backlog.length - batches;
    return behind <= 0 ? Promise.resolve() : this.backlog[behind - 1]!;
  }

  /**
   * Empties the log of every exchange recorded so far, and says so (`exchanges.cleared`); resolves with
   * how many there were. Exchanges recorded while it runs are kept.
   */
  async clear(): Promise<number> {
    // One clear at a time (the file is detached and attached again); reads wait for it too.
    const replaced = this.clearing.then(() => this.replaceFile());
    this.clearing = replaced.catch(() => undefined);
    const cleared = await replaced;
    this.events.emit('exchanges.cleared', { cleared });
    return cleared;
  }

  /**
   * The writer replaces the log's file: this works on a full disk (removing a file needs no space) and
   * gives the space back. This connection lets go of the old file meanwhile.
   */
  private async replaceFile(): Promise<number> {
    const committed = this.flush();
    detachLog(this.db);
    let cleared: number;
    try {
      cleared = await this.writer.clear();
    } finally {
      reattachLog(this.db);
    }
    await committed;
    return cleared;
  }

  /** One exchange by id (null when the log does not hold it), after everything recorded is committed. */
  async find(id: string): Promise<Exchange | null> {
    await this.flush();
    await this.clearing;
    return findExchange(this.db, id) ?? null;
  }

  /** Reads the log after everything recorded so far is committed, so readers see their own writes. */
  async list(q: { orderId?: string; limit?: number; ascending?: boolean }): Promise<Exchange[]> {
    await this.flush();
    await this.clearing;
    return listExchanges(this.db, { orderId: q.orderId, limit: q.limit ?? 200, ascending: q.ascending });
  }

  /** A page of the log, newest first, of one order and/or filtered, from a cursor (the console's log page). */
  async search(q: {
    orderId?: string;
    filter?: ExchangeFilter;
    cursor?: string | null;
    limit?: number;
  }): Promise<ExchangePage> {
    await this.flush();
    await this.clearing;
    const filter = q.filter;
    return searchExchanges(this.db, {
      orderId: q.orderId,
      match: filter && isFiltered(filter) ? (shape) => matchesExchange(filter, shape) : undefined,
      cursor: q.cursor,
      limit: q.limit ?? 200,
    });
  }
}
