import type { Server } from 'node:net';
import { budgetConnections } from '../net/connection-budget';
import type { HttpResponse } from '../net/message';
import { failure } from './integrator/integrator-errors';
import { checkoutError } from './provider/checkout-errors';

/**
 * Each listener's connection budget (net/connection-budget.ts), from config `max_connections` and
 * `test_helpers_connections`. The defaults keep a request's wait under load to a few hundred ms on a
 * 2-core machine (`npm run bench -- load-shed`) while leaving room for far more parallel clients than
 * a merchant's test suite or a demo opens.
 */
export const DEFAULT_MAX_CONNECTIONS = 128;
export const DEFAULT_TEST_HELPERS_CONNECTIONS = 32;

export interface ConnectionLimits {
  /** Connections each listener serves at once; past it, 503 with Retry-After at once. */
  max_connections?: number | undefined;
  /** Connections beyond that for the API's /test_helpers (the clock, the log) on the API listener. */
  test_helpers_connections?: number | undefined;
}

type Shedding = 'api' | 'integrator' | 'checkout' | 'console';

/**
 * Each listener's listen backlog: the kernel's accept queue, where a connection whose handshake is done
 * waits before the process takes it, unseen by the budget (its client has sent its request and is timing
 * it). Node's default, 511, let that queue hold four budgets' worth; bound to the budget (its reserve
 * included), a connection past it waits for the kernel's SYN retry instead of queueing unseen.
 */
export function listenBacklog(limits: ConnectionLimits = {}): number {
  return (
    (limits.max_connections ?? DEFAULT_MAX_CONNECTIONS) +
    (limits.test_helpers_connections ?? DEFAULT_TEST_HELPERS_CONNECTIONS)
  );
}

const why = (max: number) =>
  `the simulator is serving its limit of ${max} connections on this listener (config max_connections): try again in a second`;

const jsonAnswer = (body: unknown): HttpResponse => ({
  status: 503,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** The refusal in each listener's own error shape (the provider API's carries its correlation id). */
const REFUSALS: Record<Shedding, (message: string) => HttpResponse> = {
  api: (m) => checkoutError(503, 'SERVICE_UNAVAILABLE', [m]),
  integrator: (m) => failure(503, m),
  checkout: (m) => jsonAnswer({ error: { code: 'SERVICE_UNAVAILABLE', message: m } }),
  console: (m) => jsonAnswer({ ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: m } }),
};

/** Puts listener `which` on its connection budget; call before it is handed its socket. */
export function shedLoad(which: Shedding, server: Server, limits: ConnectionLimits = {}): void {
  const max = limits.max_connections ?? DEFAULT_MAX_CONNECTIONS;
  const message = why(max);
  budgetConnections(server, {
    max,
    reserved: which === 'api' ? (limits.test_helpers_connections ?? DEFAULT_TEST_HELPERS_CONNECTIONS) : 0,
    priority: which === 'api' ? ['/test_helpers/'] : [],
    refuse: () => REFUSALS[which](message),
  });
}
