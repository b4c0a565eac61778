import type { Server, Socket } from 'node:net';
import { Server as TlsServer, type TLSSocket } from 'node:tls';
import type { Listener } from '../listener';

/** The certificate and key an https listener presents (PEM). */
export interface ServerSecrets {
  cert: string;
  key: string;
}

/**
 * TLS in front of any of the simulator's HTTP/1.1 servers (the own WireServer, node:http, the sample
 * shop's): this server accepts on the listening socket and does the handshake; each TLS socket then goes
 * to the HTTP server as a connection of its own, exactly as a plain socket would (`https.Server` does the
 * same with node:http's connection handling). The HTTP server never listens itself, so it is told
 * 'listening' and 'close' here: its timers (idle and request time limits) run off them. The plain-http
 * path is untouched: without `--tls` no listener has this in front.
 */
export class TlsFront extends TlsServer {
  /** Every accepted socket, handshake done or not, so that closing drops them all. */
  private readonly raw = new Set<Socket>();

  constructor(
    private readonly inner: Server & { closeAllConnections?(): void },
    secrets: ServerSecrets,
  ) {
    super({ ...secrets, ALPNProtocols: ['http/1.1'], allowHalfOpen: true }, (socket: TLSSocket) =>
      inner.emit('connection', socket),
    );
    this.on('connection', (s: Socket) => {
      this.raw.add(s);
      s.once('close', () => this.raw.delete(s));
    });
    // A client that gives up mid-handshake or does not trust the certificate: its socket is dropped,
    // the listener goes on (Node's default already destroys it; the listener keeps the process quiet).
    this.on('tlsClientError', (_err: Error, s: TLSSocket) => s.destroy());
    this.on('listening', () => inner.emit('listening'));
    this.on('close', () => inner.close());
  }

  closeAllConnections(): void {
    this.inner.closeAllConnections?.();
    for (const s of this.raw) s.destroy();
  }
}

/** `server` behind TLS with `secrets`, or `server` itself when there are none (plain http). */
export function maybeTls<S extends Server>(server: S, secrets: ServerSecrets | null): S | TlsFront {
  return secrets ? new TlsFront(server, secrets) : server;
}

/** The type the listen helpers take, for a TlsFront as for a plain listener. */
export type { Listener };
