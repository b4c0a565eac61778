import type { AddressInfo, Server } from 'node:net';

/** A listener these helpers start and stop: node:http's server or the WireServer. */
export type Listener = Server & { closeAllConnections(): void };

/**
 * Starts listening; port 0 picks a free port. Resolves with the bound port. `backlog`: the kernel's accept
 * queue (Node's default 511), the connections whose handshake is done and that the process has not taken.
 */
export function listen(server: Server, host: string, port: number, backlog?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ...(backlog ? { backlog } : {}) }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening and drops every open connection. */
export function close(server: Listener): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
