// The differential suite's two sides: raw bytes sent to a server (or served to a client), and the
// verdict read back as a short list of tokens, so the simulator's and node:http's can be compared.
import { createServer as createHttpServer, request, type Server as HttpServer } from 'node:http';
import {
  connect,
  createServer as createNetServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';

/** The limits both servers of the suite run with: small, so that a timeout costs a fraction of a second. */
export const SUITE_LIMITS = {
  headersTimeoutMs: 800,
  requestTimeoutMs: 1600,
  idleTimeoutMs: 500,
  checkIntervalMs: 50,
};

/** What the apps of both servers answer: the method and the body's length, so framing shows. */
export const echoText = (method: string, body: number): string => `${method} ${body}`;

/** node:http with the suite's limits and the echo app (the reference). */
export function referenceServer(): HttpServer {
  return createHttpServer(
    {
      headersTimeout: SUITE_LIMITS.headersTimeoutMs,
      requestTimeout: SUITE_LIMITS.requestTimeoutMs,
      keepAliveTimeout: SUITE_LIMITS.idleTimeoutMs,
      connectionsCheckingInterval: SUITE_LIMITS.checkIntervalMs,
    },
    (req, res) => {
      let size = 0;
      req.on('data', (c: Buffer) => (size += c.length));
      req.on('error', () => undefined);
      req.on('end', () => {
        const text = echoText(req.method ?? '', size);
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
      });
    },
  );
}

export interface Sent {
  /** The bytes (latin1); pieces are written `gapMs` apart. */
  send: string | string[];
  gapMs?: number;
  /** After the last piece: `end` half-closes (FIN); `hold` (the default) waits for the server to close. */
  then?: 'end' | 'hold';
}

/**
 * Writes a case's bytes (latin1), each piece `gapMs` after the last one was written, then calls `after`;
 * stops quietly once the socket is destroyed.
 */
function writePieces(
  socket: Socket,
  bytes: string | string[],
  gapMs: number | undefined,
  after: () => void,
): void {
  const pieces = Array.isArray(bytes) ? bytes : [bytes];
  let i = 0;
  const next = (): void => {
    if (socket.destroyed) return;
    if (i === pieces.length) {
      after();
      return;
    }
    socket.write(Buffer.from(pieces[i++]!, 'latin1'), () => {
      if (gapMs) setTimeout(next, gapMs);
      else next();
    });
  };
  next();
}

/** The longest a case is watched: every server of the suite closes well before. */
const WATCH_MS = 5000;

/** Sends a case's bytes on a fresh connection and reads everything until the server closes it. */
export function exchange(port: number, c: Sent): Promise<{ bytes: Buffer; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ bytes: Buffer.concat(got), closed: false });
    }, WATCH_MS);
    socket.on('data', (d: Buffer) => got.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(got), closed: true });
    });
    socket.on('connect', () =>
      writePieces(socket, c.send, c.gapMs, () => {
        if (c.then === 'end') socket.end();
      }),
    );
  });
}

export interface Answer {
  status: number;
  body: string;
}

/** Splits what a server sent into answers (each framed by Content-Length, or else by the close). */
export function answersIn(bytes: Buffer): Answer[] {
  const out: Answer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end === -1) {
      out.push({ status: -1, body: bytes.toString('latin1', at) });
      break;
    }
    const lines = bytes.toString('latin1', at, end).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1] ?? -1);
    const length = lines.find((l) => /^content-length:/i.test(l));
    const bodyless = status < 200 || status === 204 || status === 304;
    const n = bodyless ? 0 : length ? Number(length.slice(length.indexOf(':') + 1)) : bytes.length - end - 4;
    out.push({ status, body: bytes.toString('latin1', end + 4, end + 4 + n) });
    at = end + 4 + n;
  }
  return out;
}

/**
 * The verdict of a server: one token per answer (`100`; `200 <method> <body length>` from the echo app;
 * `timeout` for 408; `4xx`, `5xx` for refusals; `garbage` for bytes that are no answer), then `close`
 * when the server closed the connection (always, within the watch, unless it hangs: `open`).
 */
export function serverVerdict(r: { bytes: Buffer; closed: boolean }): string[] {
  const tokens = answersIn(r.bytes).map((a) => {
    if (a.status === 408) return 'timeout';
    if (a.status >= 100 && a.status < 200) return String(a.status);
    if (a.status >= 200 && a.status < 300) return `${a.status} ${a.body}`;
    if (a.status >= 400 && a.status < 600) return `${String(a.status)[0]}xx`;
    return 'garbage';
  });
  return [...tokens, r.closed ? 'close' : 'open'];
}

/** The plain-text reason of the server's last refusal, if any. */
export function refusalText(bytes: Buffer): string | null {
  const last = answersIn(bytes).at(-1);
  return last && last.status >= 400 ? last.body : null;
}

export interface Served {
  /** The answer's bytes (latin1); pieces are written `gapMs` apart. */
  answer: string | string[];
  gapMs?: number;
  /** After the answer: `end` (the default) closes the connection; `hold` keeps it open; `reset` destroys it. */
  then?: 'end' | 'hold' | 'reset';
}

/** A raw server that answers every request head it reads with `s`'s bytes. */
export async function rawAnswerServer(s: Served): Promise<{ server: Server; port: number }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let seen = '';
    socket.on('data', (d: Buffer) => {
      seen += d.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      seen = '';
      writePieces(socket, s.answer, s.gapMs, () => {
        if (s.then === 'reset') socket.resetAndDestroy();
        else if (s.then !== 'hold') socket.end();
      });
    });
  });
  server.on('close', () => undefined);
  const stop = server.close.bind(server);
  server.close = (cb?: (err?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    return stop(cb);
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

/** How long both clients wait for a whole answer. */
export const CLIENT_TIMEOUT_MS = 1500;

/** node:http's client on one call: `<status> <body>` when delivered, else `error` or `timeout`. */
export function referenceCall(port: number, method: string): Promise<{ verdict: string; detail: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (verdict: string, detail: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ verdict, detail });
    };
    const req = request({ host: '127.0.0.1', port, method, path: '/', agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', (err) => done('error', err.message));
      res.on('aborted', () => done('error', 'aborted'));
      res.on('end', () => {
        if (res.complete) done(`${res.statusCode} ${Buffer.concat(parts).toString('latin1')}`, '');
        else done('error', 'incomplete');
      });
      res.on('close', () => done('error', 'closed before the end'));
    });
    const timer = setTimeout(() => done('timeout', 'timeout'), CLIENT_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) => done('error', `${err.code ?? ''} ${err.message}`));
    req.end();
  });
}
