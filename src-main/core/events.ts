import { controlEvents, type EventName, type EventPayload } from '@shared/contract/control';

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

/** A typed event bus: the services emit, the transports (IPC, SSE) forward to the console. */
export class EventBus {
  private listeners = new Map<EventName, Set<Listener<EventName>>>();
  /** Events emitted while held (inside a transaction), delivered or dropped when it ends. */
  private held: [EventName, unknown][] | null = null;
  private holds = 0;

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  /** Subscribes to every event; the callback gets the name too. Returns the unsubscribe function. */
  onAny(listener: (name: EventName, payload: unknown) => void): () => void {
    const offs = (Object.keys(controlEvents) as EventName[]).map((n) => this.on(n, (p) => listener(n, p)));
    return () => offs.forEach((off) => off());
  }

  /** Whether anyone listens: an emitter whose payload costs something to build can skip it. */
  has(name: EventName): boolean {
    return (this.listeners.get(name)?.size ?? 0) > 0;
  }

  /**
   * Holds back what is emitted until the matching `release`: a transaction's events describe state
   * that exists only once it commits. Holds nest; the outermost release decides.
   */
  hold(): void {
    if (this.holds++ === 0) this.held = [];
  }

  /** Ends a hold: `deliver` emits what was held back, in order (the transaction committed), else drops it. */
  release(deliver: boolean): void {
    if (--this.holds > 0) return;
    const held = this.held ?? [];
    this.held = null;
    if (deliver) for (const [name, payload] of held) this.emit(name, payload as EventPayload<EventName>);
  }

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    if (this.held !== null) {
      this.held.push([name, payload]);
      return;
    }
    const set = this.listeners.get(name);
    if (!set) return;
    for (const l of set) {
      try {
        l(payload);
      } catch {
        // A failing listener (a closed SSE stream, a destroyed window) must not break the emitter.
      }
    }
  }
}
