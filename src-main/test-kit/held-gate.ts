import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP front for a merchant's server: it accepts every connection and lets no byte through (a
 * request over https then waits for a TLS handshake that never ends, so it is never written) until
 * `pass()`, which drops the held connections and relays every later one to `port`.
 */
export async function heldGate(port: number) {
  const held = new Set<Socket>();
  let open = false;
  let connected = (): void => undefined;
  const first = new Promise<void>((r) => (connected = r));
  const server = createServer((socket) => {
    connected();
    if (!open) return void held.add(socket);
    const to = connect(port, '127.0.0.1');
    socket.pipe(to).pipe(socket);
    to.on('error', () => socket.destroy());
    socket.on('error', () => to.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const drop = () => {
    for (const s of held) s.destroy();
    held.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    /** Resolves once a first connection came in (and is held). */
    first,
    pass(): void {
      open = true;
      drop();
    },
    close(): Promise<void> {
      drop();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
