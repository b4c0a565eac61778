import { Server, type Socket } from 'node:net';
import { EncodedBodies } from './answer-writer';
import type { WireHandler } from './message';
import { Connection, type TickClock } from './wire-connection';

export type { WireHandler };

/**
 * The HTTP/1.1 server of the provider API and the fake integrator: a request parser and a response
 * writer on node:net, for the apps' request → response model. node:http spends most of a small
 * request's time on streams and objects these apps never use (an IncomingMessage, a ServerResponse, a
 * readable per body); this server reads a request into one buffer, hands it to the app, and writes the
 * answer in one write (wire-connection.ts). Keep-alive, pipelining (answers in order), chunked request
 * bodies, Expect: 100-continue, HEAD, HTTP/1.0, a head-size limit, a body limit (drained, then 413 from
 * the app), the time limits and idle timeouts are covered by wire-server.test.ts; what it refuses is
 * compared request by request with node:http's parser (llhttp) in differential/. The console listener
 * (SSE, static files) stays on node:http.
 */

export interface WireLimits {
  /** Bodies up to this size reach the app; larger ones are drained and the app sees `bodyTooLarge`. */
  bodyLimit: number;
  /** Past this size a body is not drained: the app answers at once and the connection closes. */
  drainLimit: number;
  /** The request line and headers together (node:http's default is the same 16 KB); also a chunk's extensions. */
  headLimit: number;
  /** An idle keep-alive connection closes, and a request stalled mid-way gets 408, after this long. */
  idleTimeoutMs: number;
  /** A request head not received this long after its first byte gets 408 (node:http's headersTimeout); 0: none. */
  headersTimeoutMs: number;
  /** A request not received whole this long after its first byte gets 408 (node:http's requestTimeout); 0: none. */
  requestTimeoutMs: number;
  /** How often the two time limits are checked (node:http's connectionsCheckingInterval). */
  checkIntervalMs: number;
}

export const DEFAULT_WIRE_LIMITS: WireLimits = {
  bodyLimit: 1024 * 1024,
  drainLimit: 64 * 1024 * 1024,
  headLimit: 16 * 1024,
  idleTimeoutMs: 30_000,
  // node:http's defaults, checked more often than its every 30 s.
  headersTimeoutMs: 60_000,
  requestTimeoutMs: 300_000,
  checkIntervalMs: 1000,
};

/** A net.Server speaking HTTP/1.1 to one handler. `closeAllConnections` is there as on node:http's. */
export class WireServer extends Server {
  private readonly live = new Set<Connection>();
  private readonly clock: TickClock = { now: 0 };
  private ticker: NodeJS.Timeout | null = null;

  constructor(handler: WireHandler, limits: Partial<WireLimits> = {}) {
    const all = { ...DEFAULT_WIRE_LIMITS, ...limits };
    const encoded = new EncodedBodies();
    super({ allowHalfOpen: true }, (socket: Socket) => {
      const c = new Connection(socket, handler, all, encoded, this.clock);
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
