import {
  type EventName,
  type EventPayload,
  type OpInput,
  type OpName,
  type OpOutput,
} from '@shared/contract/control';
import {
  ControlApiError,
  parseEventPayload,
  unwrapEnvelope,
  type ConnectionState,
  type ControlApi,
} from './control-api';

/** The subset of EventSource used here, so tests can pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (ev: MessageEvent | Event) => void): void;
  removeEventListener(type: string, listener: (ev: MessageEvent | Event) => void): void;
  close(): void;
  readonly readyState: number;
}

export interface HttpControlApiOptions {
  /** Origin (and optional prefix) of the control API; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  createEventSource?: (url: string) => EventSourceLike;
  /** Timers for reopening a stream that gave up; tests pass fakes. */
  setTimeout?: (cb: () => void, ms: number) => unknown;
}

type Listener = (payload: unknown) => void;

/** After the stream gives up (CLOSED: an error answer instead of the stream), a new one is opened this much later. */
export const REOPEN_MS = 2000;

/** The control contract over HTTP: POST /control/invoke/<op> and one shared SSE stream at /control/events. */
export class HttpControlApi implements ControlApi {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly createEventSource: (url: string) => EventSourceLike;
  private source: EventSourceLike | null = null;
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private readonly sourceHandlers = new Map<EventName, (ev: MessageEvent | Event) => void>();
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private state: ConnectionState = 'connecting';
  private readonly setTimer: (cb: () => void, ms: number) => unknown;

  constructor(options: HttpControlApiOptions = {}) {
    this.setTimer = options.setTimeout ?? ((cb, ms) => globalThis.setTimeout(cb, ms));
    this.baseUrl = options.baseUrl ?? '';
    // Bound so that a fetch taken from `window` keeps its receiver.
    this.fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.createEventSource = options.createEventSource ?? ((url) => new EventSource(url));
  }

  async invoke<K extends OpName>(op: K, input: OpInput<K>): Promise<OpOutput<K>> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.baseUrl}/control/invoke/${encodeURIComponent(op)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
    } catch (err) {
      throw new ControlApiError('network', `Cannot reach the simulator: ${(err as Error).message}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ControlApiError(
        'bad_response',
        `The control API answered ${res.status} without JSON.`,
        res.status,
      );
    }
    return unwrapEnvelope(body, res.status) as OpOutput<K>;
  }

  subscribe<K extends EventName>(name: K, cb: (payload: EventPayload<K>) => void): () => void {
    const source = this.ensureSource();
    let set = this.listeners.get(name);
    if (!set) {
      this.listeners.set(name, (set = new Set()));
      const handler = (ev: MessageEvent | Event) => this.dispatch(name, ev);
      this.sourceHandlers.set(name, handler);
      source.addEventListener(name, handler);
    }
    const listener = cb as Listener;
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.dropEvent(name);
    };
  }

  onConnection(cb: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(cb);
    cb(this.state);
    return () => this.connectionListeners.delete(cb);
  }

  private dispatch(name: EventName, ev: MessageEvent | Event): void {
    let raw: unknown;
    try {
      raw = JSON.parse(String((ev as MessageEvent).data));
    } catch {
      console.warn(`Dropped '${name}' event whose data is not JSON`);
      return;
    }
    const payload = parseEventPayload(name, raw);
    if (payload === undefined) return;
    for (const l of [...(this.listeners.get(name) ?? [])]) l(payload);
  }

  private ensureSource(): EventSourceLike {
    if (this.source) return this.source;
    const source = this.createEventSource(`${this.baseUrl}/control/events`);
    source.addEventListener('open', () => this.setState('open'));
    // EventSource reconnects by itself after a network error (the server's `retry` says how soon); CLOSED
    // (2) means it gave up (the server answered with something else than the stream): open a new one.
    source.addEventListener('error', () => {
      if (source.readyState !== 2) return this.setState('connecting');
      this.setState('closed');
      this.setTimer(() => this.reopen(source), REOPEN_MS);
    });
    this.source = source;
    for (const [name, handler] of this.sourceHandlers) source.addEventListener(name, handler);
    return source;
  }

  /** Replaces a stream that gave up with a new one carrying the same listeners (if still wanted). */
  private reopen(gaveUp: EventSourceLike): void {
    if (this.source !== gaveUp || this.listeners.size === 0) return;
    gaveUp.close();
    this.source = null;
    this.ensureSource();
  }

  /** Removes the stream listener for an event nobody listens to, and closes the stream when none are left. */
  private dropEvent(name: EventName): void {
    const handler = this.sourceHandlers.get(name);
    if (handler) this.source?.removeEventListener(name, handler);
    this.sourceHandlers.delete(name);
    this.listeners.delete(name);
    if (this.listeners.size === 0 && this.source) {
      this.source.close();
      this.source = null;
      this.setState('connecting');
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const cb of [...this.connectionListeners]) cb(state);
  }
}
