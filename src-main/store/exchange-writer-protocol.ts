/*
 * The messages between the exchange log's writer thread (exchange-writer-worker.ts) and the thread
 * that records exchanges (exchange-writer.ts). Types only: both sides import it, and neither bundle
 * gets code from it.
 */

/** What the writer thread is started with (its `workerData`). */
export interface WriterInit {
  /** The log's own database file (log-db.ts `logFileFor`), created and migrated by `openDb`. */
  file: string;
  /** The better-sqlite3 addon the main thread loaded (Electron's own build), if not the default. */
  nativeBinding?: string;
  /** The log's size cap in bytes (settings `log_max_bytes`); changed with a `cap` message. */
  maxBytes: number;
}

/**
 * The shared bodies that go with a batch, four items per body, flat (one array crosses threads faster
 * than as many small objects): the line it belongs to, 0 for the request's body or 1 for the
 * response's, its content hash (null when not known: the writer hashes it), and its text.
 */
export type SharedBodies = (number | string | null)[];

/**
 * A batch of exchanges: `data` (transferred, not copied) holds `length` bytes of UTF-8 text, one line
 * per exchange (the format is described in exchange-writer.ts).
 */
export interface WriteMessage {
  type: 'write';
  id: number;
  data: ArrayBuffer;
  length: number;
  bodies: SharedBodies;
  /** The sender's generation when the batch's first line was encoded (see the `pruned` message). */
  generation: number;
}

/** To the writer thread. */
export type ToWriter =
  | WriteMessage
  /** Empty the log (the main connection has detached it: the file is replaced). */
  | { type: 'clear'; id: number }
  /** The log's size cap changed. */
  | { type: 'cap'; maxBytes: number }
  /** Close the log's connection, then say `closed`. */
  | { type: 'close' };

/** From the writer thread: each `write` and `clear` is answered once, by its id. */
export type FromWriter =
  | { type: 'written'; id: number }
  | { type: 'cleared'; id: number; count: number }
  /** The write or clear was rolled back: none of it is in the log; `code` is SQLite's (SQLITE_FULL …). */
  | { type: 'failed'; id: number; error: string; code?: string }
  /**
   * The cap removed `count` exchanges (`total` since the log was last emptied). The sender forgets which
   * bodies it sent, and stamps its batches from now on with generation `forget`: the writer removes the
   * bodies no longer used only before the first of them, so no body sent by hash alone goes missing.
   */
  | { type: 'pruned'; count: number; total: number; forget: number }
  | { type: 'closed' };
