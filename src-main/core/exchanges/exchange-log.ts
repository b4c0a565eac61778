import type { Exchange } from '@shared/schemas/exchange.schema';
import { listExchanges } from '../../store/exchanges.repo';
import type { BodyHashes, ExchangeWriter } from '../../store/exchange-writer';

export type { BodyHashes };
import type { Db } from '../../store/db';
import type { EventBus } from '../events';
import type { Logger } from '../log';

const MAX_BATCH = 512;
/** How long an exchange may wait in memory before it is handed to the writer. */
export const FLUSH_DELAY_MS = 4;

/**
 * Records every exchange. Writes are batched: an exchange is queued and the queue is handed to the
 * writer thread at most FLUSH_DELAY_MS later, which commits it in one transaction, so a burst of
 * requests costs one commit and the HTTP thread never waits on SQLite for the log. Order state is
 * never batched: the services write it synchronously before they answer.
 */
export class ExchangeLog {
  private queue: Exchange[] = [];
  /** Known content hashes of queued bodies (by queue index), so the writer need not hash them. */
  private hashes: (BodyHashes | undefined)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly writer: ExchangeWriter,
    private readonly events: EventBus,
    private readonly log: Logger,
  ) {}

  /** `hashes`: content hashes of bodies recorded whole and unmasked, when the caller knows them. */
  record(e: Exchange, hashes?: BodyHashes): void {
    this.queue.push(e);
    this.hashes.push(hashes);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  /** Hands everything queued to the writer; resolves when all of it (and earlier batches) is committed. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length > 0) {
      const batch = this.queue;
      const hashes = this.hashes;
      this.queue = [];
      this.hashes = [];
      const written = this.writer.write(batch, hashes).then(
        () => {
          for (const e of batch)
            this.events.emit('exchange.recorded', { id: e.id, order_id: e.order_id, kind: e.kind });
        },
        (err: unknown) => this.log.error(`could not write ${batch.length} exchanges to the log`, err),
      );
      this.inFlight = this.inFlight.then(() => written);
    }
    return this.inFlight;
  }

  /** Reads the log after everything recorded so far is committed, so readers see their own writes. */
  async list(q: { orderId?: string; limit?: number; ascending?: boolean }): Promise<Exchange[]> {
    await this.flush();
    return listExchanges(this.db, { orderId: q.orderId, limit: q.limit ?? 200, ascending: q.ascending });
  }
}
