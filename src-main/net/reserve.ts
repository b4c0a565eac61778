import { createServer, type Server, type Socket } from 'node:net';
import { listen } from './listener';

/**
 * A listening socket bound before the server that answers on it exists: the shells bind every port first,
 * so the URLs are known when the core is built (boot/boot.ts), then hand each socket to its server.
 */
export interface Reserved {
  /** The bound port (a port of 0 picked a free one). */
  port: number;
  /**
   * The server answers on this socket from now on (Node's `server.listen(handle)`, at once), connections
   * accepted before included: they were held unread and go to it now, so none waits on nothing or is lost.
   */
  handTo(server: Server): void;
  /** Frees the port when no server took it (a start that failed); the held connections are dropped. */
  close(): Promise<void>;
}

/**
 * Binds `host:port` and holds what connects (unread) until a server is handed the socket. `backlog`: the
 * kernel's accept queue for it (Node's default 511 when omitted), kept when the server takes the socket.
 */
export async function reserve(host: string, port: number, backlog?: number): Promise<Reserved> {
  const held = new Set<Socket>();
  // Paused: nothing is read before the server that understands it is there. Half-open as both servers.
  const socket = createServer({ pauseOnConnect: true, allowHalfOpen: true }, (s) => {
    held.add(s);
    s.once('close', () => held.delete(s));
  });
  const bound = await listen(socket, host, port, backlog);
  let taken = false;
  return {
    port: bound,
    handTo(server) {
      if (taken) throw new Error(`the socket on port ${bound} was handed already`);
      taken = true;
      // The same listening handle: from now on the server accepts on it. Node listens on a handed handle
      // again, with 511 unless told: the backlog is passed on so the queue stays as bound.
      if (backlog) server.listen(socket, backlog);
      else server.listen(socket);
      socket.removeAllListeners('connection');
      for (const s of held) {
        s.removeAllListeners('close');
        server.emit('connection', s);
        s.resume();
      }
      held.clear();
    },
    close: () =>
      taken
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            for (const s of held) s.destroy();
            socket.close(() => resolve());
          }),
  };
}
