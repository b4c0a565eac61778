import { controlEvents, type EventName, type EventPayload } from '@shared/contract/control';

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

/** A typed event bus: the services emit, the transports (IPC, SSE) forward to the console. */
export class EventBus {
  private listeners = new Map<EventName, Set<Listener<EventName>>>();

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

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
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
