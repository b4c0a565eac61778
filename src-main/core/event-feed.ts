import type { EventName } from '@shared/contract/control';

/** Where the events come from: the core's EventBus (a stand-in in tests). */
export interface EventSource {
  onAny(listener: (name: EventName, payload: unknown) => void): () => void;
}

/** How long a window lasts, and how many events of one name it passes on; the rest are counted only. */
export const FEED_WINDOW_MS = 250;
export const FEED_CAP = 50;

export type FeedBatch = [EventName, unknown][];

export interface FeedOptions {
  windowMs?: number;
  cap?: number;
}

/**
 * What a console window is sent of the core's events (the SSE stream and the Electron IPC both use
 * it). Events pass on in order, handed over in one batch per turn of the event loop; but within each
 * window of FEED_WINDOW_MS at most FEED_CAP of one name pass. A clock advance fires pushes by the
 * thousand, each with its exchange: sent one by one, 160,000 pushes made 320,000 events (60 MB) that
 * slowed the advance and flooded the console. The events held back are counted, and when the window
 * ends one `events.skipped` names them: the console then reads again what it shows. Returns the
 * function that stops the feed.
 */
export function eventFeed(
  bus: EventSource,
  send: (batch: FeedBatch) => void,
  opts: FeedOptions = {},
): () => void {
  const windowMs = opts.windowMs ?? FEED_WINDOW_MS;
  const cap = opts.cap ?? FEED_CAP;
  const counts = new Map<EventName, number>();
  const skipped = new Map<EventName, number>();
  let window: NodeJS.Timeout | null = null;
  let batch: FeedBatch = [];
  let flushing: NodeJS.Immediate | null = null;

  const flush = () => {
    flushing = null;
    const out = batch;
    batch = [];
    if (out.length > 0) send(out);
  };
  const pass = (name: EventName, payload: unknown) => {
    batch.push([name, payload]);
    flushing ??= setImmediate(flush);
  };
  const endWindow = () => {
    window = null;
    if (skipped.size > 0) {
      let count = 0;
      for (const n of skipped.values()) count += n;
      pass('events.skipped', { names: [...skipped.keys()], count });
    }
    counts.clear();
    skipped.clear();
  };

  const off = bus.onAny((name, payload) => {
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    window ??= setTimeout(endWindow, windowMs).unref();
    if (n <= cap) return pass(name, payload);
    skipped.set(name, (skipped.get(name) ?? 0) + 1);
  });
  return () => {
    off();
    if (window) clearTimeout(window);
    if (flushing) clearImmediate(flushing);
    window = null;
    flushing = null;
    batch = [];
  };
}
