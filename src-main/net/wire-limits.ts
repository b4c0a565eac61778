/** The size and time limits of a wire server's connections (wire-server.ts, wire-connection.ts). */
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
