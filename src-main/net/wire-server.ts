import { Server, type Socket } from 'node:net';
import { EncodedBodies } from './answer-writer';
import type { RefusalRenderer, WireHandler } from './message';
import { Connection, type TickClock } from './wire-connection';
import { DEFAULT_WIRE_LIMITS, type WireLimits } from './wire-limits';

export type { WireHandler };

/**
 * The HTTP/1.1 server of the provider API and the fake integrator: a request parser and a response
 * writer on node:net, for the apps' request → response model. node:http spends most of a small
 * request's time on streams and objects these apps never use (an IncomingMessage, a ServerResponse, a
 * readable per body); this server reads a request into one buffer, hands it to the app, and writes the
 * answer in one write (wire-connection.ts). Keep-alive, pipelining (answers in order), chunked request
 * bodies, Expect: 100-continue, HEAD, HTTP/1.0, a head-size limit, a body limit (drained, then 413 from
 * the app), the time limits and idle timeouts are covered by wire-server.test.ts; what it refuses is
 * compared request by request with node:http's parser (llhttp) in test-kit/differential/. The console listener
 * (SSE, static files) stays on node:http.
 */

/** A net.Server speaking HTTP/1.1 to one handler. `closeAllConnections` is there as on node:http's. */
export class WireServer extends Server {
  private readonly live = new Set<Connection>();
  private readonly clock: TickClock = { now: 0 };
  private ticker: NodeJS.Timeout | null = null;

  /** `render` words what the server refuses by itself (the listener's API shape); plain text by default. */
  constructor(handler: WireHandler, limits: Partial<WireLimits> = {}, render?: RefusalRenderer) {
    const all = { ...DEFAULT_WIRE_LIMITS, ...limits };
    const encoded = new EncodedBodies();
    super({ allowHalfOpen: true }, (socket: Socket) => {
      const c = new Connection(socket, handler, all, encoded, this.clock, render);
      this.live.add(c);
      socket.once('close', () => this.live.delete(c));
    });
    // One timer for every connection's time limits, as node:http has, rather than one per request.
    this.on('listening', () => {
      this.clock.now = Date.now();
      this.ticker = setInterval(() => {
        this.clock.now = Date.now();
        for (const c of this.live) c.checkTime(all.checkIntervalMs);
      }, all.checkIntervalMs).unref();
    });
    this.on('close', () => {
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = null;
    });
  }

  closeAllConnections(): void {
    for (const c of this.live) c.socket.destroy();
  }
}
