import { randomBytes } from 'node:crypto';
import type { SessionState } from '@shared/schemas/session.schema';
import type { LogMarks } from '../exchanges/log-marks';

/** What every placeholder starts with; a stored session without it holds none (the usual case). */
const PLACEHOLDER = '~unlogged-';

/** A kill's leftover placeholder, read back as no id at all (the log never got that exchange). */
const dropLeftovers = (_key: string, v: unknown): unknown =>
  Array.isArray(v) ? v.filter((x) => !(typeof x === 'string' && x.startsWith(PLACEHOLDER))) : v;

/** `json` with each placeholder of `pairs` ([id, placeholder]) replaced by its id. */
function withIds(json: string, pairs: Iterable<readonly [string, string]>): string {
  for (const [id, placeholder] of pairs) json = json.replaceAll(`"${placeholder}"`, `"${id}"`);
  return json;
}

/**
 * The exchange ids a checkout session names before the log file holds those exchanges (log-marks.ts).
 * A customer step answers as soon as its order is saved; until the log has committed the step's
 * exchanges, simulator.db holds a placeholder where the session names each of them, and the ids once the
 * log holds them. A kill in between leaves placeholders, read back as no id, so no record ever names an
 * exchange the log lacks; readers in this process see the ids at once. The customer no longer waits for
 * the log's writer thread.
 */
export class UnloggedRefs {
  /** This process's placeholders: one left by a kill in another run never matches a new one. */
  private readonly prefix = `${PLACEHOLDER}${randomBytes(4).toString('hex')}-`;
  private seq = 0;
  /** Per order: each exchange id the log lacks yet, and its placeholder. */
  private readonly held = new Map<string, Map<string, string>>();
  /** What waits for the log, oldest first (the log settles in order), and whether a waiter is out. */
  private queue: { mark: number; orderId: string; placed: [string, string][] }[] = [];
  private waiting = false;

  constructor(
    private readonly marks: LogMarks | undefined,
    /** Writes the stored session again once the log holds what it names (`fill` puts the ids in). */
    private readonly rewrite: (orderId: string, fill: (stored: string) => string) => void,
  ) {}

  /**
   * `ids`, named by what the order is about to store: held back while the log lacks them (everything
   * recorded so far, ids included, settles together), written in once it has them.
   */
  hold(orderId: string, ids: readonly string[]): void {
    if (ids.length === 0 || this.marks === undefined) return;
    const mark = this.marks.mark();
    if (this.marks.settled(mark)) return;
    let own = this.held.get(orderId);
    if (own === undefined) this.held.set(orderId, (own = new Map()));
    const placed: [string, string][] = [];
    for (const id of ids) {
      if (own.has(id)) continue;
      const placeholder = `${this.prefix}${++this.seq}`;
      own.set(id, placeholder);
      placed.push([id, placeholder]);
    }
    if (placed.length === 0) return;
    this.queue.push({ mark, orderId, placed });
    this.waitForLog();
  }

  /** The session as JSON to store: each id the log lacks yet is a placeholder. */
  stored(orderId: string, state: SessionState): string {
    let json = JSON.stringify(state);
    const own = this.held.get(orderId);
    if (own !== undefined)
      for (const [id, placeholder] of own) json = json.replaceAll(`"${id}"`, `"${placeholder}"`);
    return json;
  }

  /** A stored session as its readers see it: placeholders held here are the ids, any other is gone. */
  read(orderId: string, stored: string): SessionState {
    if (!stored.includes(PLACEHOLDER)) return JSON.parse(stored) as SessionState;
    const own = this.held.get(orderId);
    const json = own === undefined ? stored : withIds(stored, own);
    // The reviver is slow: only a kill's leftovers need it.
    return (json.includes(PLACEHOLDER) ? JSON.parse(json, dropLeftovers) : JSON.parse(json)) as SessionState;
  }

  /** One waiter at a time, for the newest mark when it starts: the log settles in order. */
  private waitForLog(): void {
    const last = this.queue.at(-1);
    if (this.waiting || last === undefined) return;
    this.waiting = true;
    void this.marks!.whenSettled(last.mark).then(() => {
      this.waiting = false;
      this.release();
      this.waitForLog();
    });
  }

  /**
   * Writes the ids in wherever the log holds them now: one write an order, however many of its steps
   * the same commit of the log settled, and before whoever awaited that commit reads the file.
   */
  private release(): void {
    const due = new Map<string, [string, string][]>();
    const still = [];
    for (const h of this.queue) {
      if (!this.marks!.settled(h.mark)) still.push(h);
      else if (due.has(h.orderId)) due.get(h.orderId)!.push(...h.placed);
      else due.set(h.orderId, [...h.placed]);
    }
    this.queue = still;
    for (const [orderId, placed] of due) {
      const own = this.held.get(orderId)!;
      for (const [id] of placed) own.delete(id);
      if (own.size === 0) this.held.delete(orderId);
      this.rewrite(orderId, (stored) => withIds(stored, placed));
    }
  }
}
