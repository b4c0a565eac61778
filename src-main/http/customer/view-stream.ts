import type { CustomerView } from '@shared/schemas/customer.schema';
import type { EventBus } from '../../core/events';
import type { StreamSink } from '../listener-app';

interface Stream {
  sink: StreamSink;
  /** The JSON last sent: a change that leaves the customer's view as it was sends nothing. */
  last: string;
}

/**
 * The open embedded checkouts, each following its order live: whatever changes the order (the merchant's
 * update, a step from the console or `/test_helpers`, expiry, the first push's answer) sends the new
 * customer view down the page's event stream. It listens to the bus only while a checkout is open, so a
 * clock advance firing thousands of pushes costs nothing when no checkout is on screen.
 */
/** The head of a view stream. */
export const STREAM_HEADERS = Object.freeze({
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
});

export class ViewStreams {
  private readonly byOrder = new Map<string, Set<Stream>>();
  private readonly dirty = new Set<string>();
  private offs: (() => void)[] = [];
  private flushScheduled = false;

  constructor(
    private readonly events: EventBus,
    private readonly viewOf: (orderId: string) => CustomerView | null,
  ) {}

  /**
   * Opens a stream for an order whose token was checked (its head already sent, STREAM_HEADERS); it gets
   * the view now and on every change.
   */
  open(orderId: string, sink: StreamSink): void {
    const stream: Stream = { sink, last: '' };
    let set = this.byOrder.get(orderId);
    if (!set) this.byOrder.set(orderId, (set = new Set()));
    set.add(stream);
    if (this.offs.length === 0) this.listen();
    const view = this.viewOf(orderId);
    if (view) this.send(stream, JSON.stringify(view));
    const ping = setInterval(() => sink.write(': ping\n\n'), 15_000);
    sink.onClose(() => {
      clearInterval(ping);
      set.delete(stream);
      if (set.size === 0) this.byOrder.delete(orderId);
      if (this.byOrder.size === 0) this.unlisten();
    });
  }

  /** Ends every stream (the listener closes). */
  closeAll(): void {
    for (const set of this.byOrder.values()) for (const s of set) s.sink.end();
    this.byOrder.clear();
    this.unlisten();
  }

  private listen(): void {
    const changed = (orderId: string) => {
      if (!this.byOrder.has(orderId)) return;
      this.dirty.add(orderId);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // Several events of one change (the order saved, order management told, …) make one view.
        setImmediate(() => this.flush());
      }
    };
    this.offs = [
      this.events.on('order.updated', (o) => changed(o.order_id)),
      this.events.on('push.attempted', (a) => changed(a.order_id)),
      this.events.on('om.order.updated', (o) => changed(o.order_id)),
      this.events.on('settings.changed', () => {
        for (const id of this.byOrder.keys()) changed(id);
      }),
    ];
  }

  private unlisten(): void {
    for (const off of this.offs) off();
    this.offs = [];
  }

  private flush(): void {
    this.flushScheduled = false;
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const streams = this.byOrder.get(id);
      const view = streams ? this.viewOf(id) : null;
      if (!streams || !view) continue;
      const text = JSON.stringify(view);
      for (const s of streams) this.send(s, text);
    }
  }

  private send(s: Stream, text: string): void {
    if (text === s.last) return;
    s.last = text;
    s.sink.write(`event: view\ndata: ${text}\n\n`);
  }
}
