import type { Server, Socket } from 'node:net';
import type { HttpResponse } from './message';

/**
 * How many connections a listener serves at once. One process answers every listener, so each
 * connection it takes on is a request queued behind the others': under 5,000 connections answers took
 * seconds. Past the budget a connection is refused at once with 503 and `Retry-After`, which a client
 * can act on, instead of being queued; a request line naming a `priority` path (the API's
 * /test_helpers) may use a small budget of its own, so a test can still read the clock under load.
 */
export interface ConnectionBudget {
  /** Connections served at once. */
  max: number;
  /** Connections beyond `max` for requests whose path starts with one of `priority`. */
  reserved: number;
  priority: readonly string[];
  /** The refusal, in the listener's own error shape (status 503; Retry-After is added here). */
  refuse: (path: string) => HttpResponse;
}

/** How long a refused connection may take to send its request line before it is dropped. */
const HEAD_WAIT_MS = 2000;
/** What a refused client is told to wait before it tries again, in seconds. */
export const RETRY_AFTER_S = 1;

/**
 * Puts `server` on `budget`: its own connection handler sees only the connections within it. Applied
 * before the server accepts (its handler is taken out and called for the connections admitted).
 */
export function budgetConnections(server: Server, budget: ConnectionBudget): void {
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let live = 0;
  let reservedLive = 0;
  const admit = (socket: Socket, reserved: boolean) => {
    if (reserved) reservedLive++;
    else live++;
    socket.once('close', () => (reserved ? reservedLive-- : live--));
    for (const handler of serve) handler.call(server, socket);
  };
  server.on('connection', (socket: Socket) => {
    if (live < budget.max) return admit(socket, false);
    // Over budget with no reserve left to ask for: refused at once, without waiting for a request that
    // may be slow to come (a client whose handshake landed in a full accept queue resends it after TCP's
    // retransmission delay); what it sends after is read and dropped, so the close is not a reset.
    if (reservedLive >= budget.reserved) return refuseNow(socket, budget.refuse(''));
    // Over budget: the request line says which path it is for (and reading it lets the refusal close
    // the connection cleanly rather than with a reset over unread bytes).
    readRequestLine(socket, (path, first) => {
      const priority = budget.priority.some((p) => path.startsWith(p));
      if (priority && reservedLive < budget.reserved) {
        socket.unshift(first);
        admit(socket, true);
        socket.resume();
      } else socket.end(refusalBytes(budget.refuse(path)));
    });
  });
}

/** Answers the refusal and closes our side; reads and drops what the client still sends until it closes. */
function refuseNow(socket: Socket, answer: HttpResponse): void {
  socket.on('error', () => socket.destroy());
  socket.setTimeout(HEAD_WAIT_MS, () => socket.destroy());
  socket.on('data', () => undefined);
  socket.end(refusalBytes(answer));
}

/** Waits for the first bytes of a paused socket and reads the path of its request line ('' if none). */
function readRequestLine(socket: Socket, then: (path: string, first: Buffer) => void): void {
  socket.on('error', () => socket.destroy());
  socket.setTimeout(HEAD_WAIT_MS, () => socket.destroy());
  socket.once('data', (first: Buffer) => {
    socket.pause();
    socket.setTimeout(0);
    const line = first.toString('latin1', 0, Math.min(first.length, 8192)).split('\r\n', 1)[0] ?? '';
    const target = line.split(' ')[1] ?? '';
    then(target.split('?', 1)[0] ?? '', first);
  });
}

/** The refusal on the wire: 503, Retry-After, and the connection closed after it. */
function refusalBytes(answer: HttpResponse): string {
  const body = answer.body ?? '';
  const headers = {
    ...answer.headers,
    'Retry-After': String(RETRY_AFTER_S),
    Connection: 'close',
    'Content-Length': String(Buffer.byteLength(body)),
    Date: new Date().toUTCString(),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${answer.status} Service Unavailable\r\n${lines.join('')}\r\n${body}`;
}
