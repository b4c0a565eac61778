/** The timer functions a coalescer uses; tests pass fakes. */
export interface TimerFns {
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TimerFns = {
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface Coalescer<T> {
  add(item: T): void;
  /** Drops what is waiting, without flushing it. */
  dispose(): void;
}

/**
 * Gathers items (order ids of push attempts, which arrive one per attempt and by the thousand when the
 * clock jumps) and hands them over as one set at most once per `intervalMs`: the first item is handed
 * over at once, later ones at the end of the interval.
 */
export function coalesce<T>(
  flush: (items: Set<T>) => void,
  intervalMs: number,
  timers: TimerFns = realTimers,
): Coalescer<T> {
  let pending = new Set<T>();
  let timer: unknown = null;

  // Idle → the first item is flushed at once and a quiet interval starts; items arriving meanwhile wait for
  // its end, are flushed then, and start another interval; an interval that ends with nothing waiting → idle.
  const fire = () => {
    timer = null;
    if (pending.size === 0) return;
    const items = pending;
    pending = new Set();
    timer = timers.setTimeout(fire, intervalMs);
    flush(items);
  };

  return {
    add(item) {
      pending.add(item);
      if (timer === null) fire();
    },
    dispose() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = new Set();
    },
  };
}
