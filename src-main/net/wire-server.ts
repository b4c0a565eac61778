import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { Server, type Socket } from 'node:net';
import { BodyReader, type BodyLimits } from './body-reader';
import { BAD_VALUE_CHAR, canonicalHeaderName } from './headers';
import { splitTarget, type HttpRequest, type HttpResponse, type WireHandler } from './message';
import { parseRequestHead, type RequestHead } from './request-head';
import { WireError } from './wire-error';

export type { WireHandler };

/**
 * The HTTP/1.1 server of the provider API and the fake integrator: a request parser and a response
 * writer on node:net, for the apps' request → response model. node:http spends most of a small
 * request's time on streams and objects these apps never use (an IncomingMessage, a ServerResponse, a
 * readable per body); this server reads a request into one buffer, hands it to the app, and writes the
 * answer in one write. Keep-alive, pipelining (answers in order), chunked request bodies, Expect:
 * 100-continue, HEAD, HTTP/1.0, a head-size limit, a body limit (drained, then 413 from the app) and idle
 * timeouts are covered by wire-server.test.ts. The console listener (SSE, static files) stays on node:http.
 */

export interface WireLimits {
  /** Bodies up to this size reach the app; larger ones are drained and the app sees `bodyTooLarge`. */
  bodyLimit: number;
  /** Past this size a body is not drained: the app answers at once and the connection closes. */
  drainLimit: number;
  /** The request line and headers together (node:http's default is the same 16 KB). */
  headLimit: number;
  /** An idle keep-alive connection closes, and a request stalled mid-way gets 408, after this long. */
  idleTimeoutMs: number;
}

export const DEFAULT_WIRE_LIMITS: WireLimits = {
  bodyLimit: 1024 * 1024,
  drainLimit: 64 * 1024 * 1024,
  headLimit: 16 * 1024,
  idleTimeoutMs: 30_000,
};

const CRLFCRLF = Buffer.from('\r\n\r\n');
/** Framing headers are the server's to write; an app's own are dropped. */
const SERVER_HEADERS = new Set(['Content-Length', 'Transfer-Encoding', 'Connection', 'Keep-Alive', 'Date']);
/** While an answer is pending, a client pipelining more than this is paused until the answer is out. */
const PAUSE_AT = 256 * 1024;
const INTERNAL: HttpResponse = {
  status: 500,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: 'internal error',
};

/**
 * The encoded bytes of bodies that carry a content hash (memoized answers: an order document, an
 * options list), so an answer sent thousands of times is encoded once. Bounded: cleared when full.
 */
class EncodedBodies {
  private readonly map = new Map<string, Buffer>();
  get(hash: string, body: string): Buffer {
    let bytes = this.map.get(hash);
    if (bytes === undefined) {
      if (this.map.size >= 256) this.map.clear();
      bytes = Buffer.from(body, 'utf8');
      this.map.set(hash, bytes);
    }
    return bytes;
  }
}

let dateSecond = 0;
let dateText = '';
/** The Date header, computed once a second. */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

const enum State {
  Head,
  Body,
  /** A request is with the app; bytes that arrive meanwhile wait in the buffer. */
  Busy,
  Done,
}

/** One client connection: parses requests in order, one at a time, and writes each answer. */
class Connection {
  private buf: Buffer | null = null;
  private state = State.Head;
  private head: RequestHead | null = null;
  private body: BodyReader | null = null;
  private readonly bodyLimits: BodyLimits;
  /** The client half-closed: answer what was asked, then close. */
  private ended = false;
  private closed = false;
  private aborter: AbortController | null = null;
  private readonly keepAliveHeader: string;

  constructor(
    private readonly socket: Socket,
    private readonly handler: WireHandler,
    private readonly limits: WireLimits,
    private readonly encoded: EncodedBodies,
  ) {
    this.keepAliveHeader = `Keep-Alive: timeout=${Math.max(1, Math.floor(limits.idleTimeoutMs / 1000))}\r\n`;
    this.bodyLimits = { keep: limits.bodyLimit, stop: limits.drainLimit, line: limits.headLimit };
    socket.setNoDelay(true);
    socket.setTimeout(limits.idleTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.onEnd());
    socket.on('timeout', () => this.onTimeout());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
      this.state = State.Done;
      this.buf = null;
      this.aborter?.abort();
    });
  }

  private onData(chunk: Buffer): void {
    this.buf = this.buf === null ? chunk : Buffer.concat([this.buf, chunk]);
    if (this.state === State.Busy) {
      if (this.buf.length > PAUSE_AT) this.socket.pause();
      return;
    }
    this.advance();
  }

  private onEnd(): void {
    this.ended = true;
    // A client that stops sending has given up or is only waiting: either way a held request lets go.
    this.aborter?.abort();
    if (this.state === State.Busy || this.state === State.Done) return;
    if (this.state === State.Head && this.buf === null) this.socket.end();
    else this.refuse(new WireError(400, 'the connection ended in the middle of a request'));
  }

  private onTimeout(): void {
    if (this.state === State.Busy || this.state === State.Done) return; // the app is still answering
    if (this.state === State.Head && this.buf === null)
      this.socket.destroy(); // idle keep-alive
    else this.refuse(new WireError(408, `request not completed within ${this.limits.idleTimeoutMs} ms`));
  }

  private advance(): void {
    try {
      this.parse();
    } catch (err) {
      this.refuse(err instanceof WireError ? err : new WireError(400, 'malformed request'));
    }
  }

  /** Drops the first `n` bytes of the buffer. */
  private take(n: number): void {
    const buf = this.buf!;
    this.buf = n >= buf.length ? null : buf.subarray(n);
  }

  private parse(): void {
    const limits = this.limits;
    while (this.buf !== null) {
      if (this.state === State.Body) {
        const body = this.body!;
        this.buf = body.feed(this.buf);
        if (!body.done) return;
        if (body.overflow) this.head!.keepAlive = false; // not drained: the rest may still be coming
        return this.dispatch();
      }
      if (this.state !== State.Head) return;
      const buf = this.buf;
      let start = 0; // empty lines before a request line are ignored (RFC 9112 §2.2)
      while (buf.length >= start + 2 && buf[start] === 13 && buf[start + 1] === 10) start += 2;
      const end = buf.indexOf(CRLFCRLF, start);
      if (end === -1 ? buf.length - start > limits.headLimit : end - start > limits.headLimit) {
        throw new WireError(431, `request line and headers exceed ${limits.headLimit} bytes`);
      }
      if (end === -1) {
        if (start > 0) this.take(start);
        return;
      }
      const head = parseRequestHead(buf.toString('latin1', start, end));
      this.take(end + 4);
      this.head = head;
      const body = new BodyReader(head.framing, this.bodyLimits);
      this.body = body;
      // Too large to invite with a 100, or to drain: answered at once, and the connection closes.
      if (head.expectContinue && head.framing.kind === 'length' && head.framing.length > limits.bodyLimit) {
        head.keepAlive = false;
        body.size = head.framing.length;
        return this.dispatch();
      }
      if (body.done) {
        if (body.overflow) head.keepAlive = false;
        return this.dispatch();
      }
      if (head.expectContinue) this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      this.state = State.Body;
    }
  }

  /** Aborts when the client closes its side: a held request (a timeout fault) lets go when its client does. */
  private signal(): AbortSignal {
    if (!this.aborter) {
      this.aborter = new AbortController();
      if (this.closed || this.ended) this.aborter.abort();
    }
    return this.aborter.signal;
  }

  private dispatch(): void {
    const head = this.head!;
    const reader = this.body!;
    this.state = State.Busy;
    this.body = null;
    const tooLarge = reader.size > this.limits.bodyLimit;
    const body = reader.body();
    const { path, search } = splitTarget(head.target);
    const req: HttpRequest = {
      method: head.method,
      path,
      search,
      headers: head.headers,
      headerBlock: head.headerBlock,
      body,
      bodyTooLarge: tooLarge,
      closed: () => this.signal(),
    };
    let out: HttpResponse | Promise<HttpResponse>;
    try {
      out = this.handler(req);
    } catch {
      out = INTERNAL;
    }
    if (out instanceof Promise) {
      out.then(
        (res) => this.respond(head, res),
        () => this.respond(head, INTERNAL),
      );
    } else this.respond(head, out);
  }

  private respond(head: RequestHead, res: HttpResponse): void {
    if (this.closed) return;
    const keepAlive = head.keepAlive && !this.ended;
    const status = res.status;
    let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`;
    const headers = res.headers;
    if (headers) {
      for (const own in headers) {
        const value = headers[own]!;
        // Names go out in canonical case whatever case the app used (clients read them case-sensitively).
        const name = canonicalHeaderName(own);
        if (SERVER_HEADERS.has(name) || BAD_VALUE_CHAR.test(value)) continue;
        text += `${name}: ${value}\r\n`;
      }
    }
    if (res.correlate === true && headers?.['Klarna-Correlation-Id'] === undefined) {
      text += `Klarna-Correlation-Id: ${randomUUID()}\r\n`;
    }
    text += `Date: ${httpDate()}\r\n`;
    text += keepAlive ? `Connection: keep-alive\r\n${this.keepAliveHeader}` : 'Connection: close\r\n';
    const bodiless = status < 200 || status === 204 || status === 304;
    const body = bodiless ? '' : (res.body ?? '');
    let flushed: boolean;
    if (res.bodyHash !== undefined && body.length > 0) {
      // A known body: its cached bytes go out with the head in one writev.
      const bytes = this.encoded.get(res.bodyHash, body);
      text += `Content-Length: ${bytes.length}\r\n\r\n`;
      if (head.method === 'HEAD') flushed = this.socket.write(text);
      else {
        this.socket.cork();
        this.socket.write(text);
        flushed = this.socket.write(bytes);
        this.socket.uncork();
      }
    } else {
      if (!bodiless) text += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
      text += '\r\n';
      if (head.method !== 'HEAD') text += body;
      flushed = this.socket.write(text);
    }
    if (!keepAlive) {
      this.state = State.Done;
      this.buf = null;
      this.socket.end();
      return;
    }
    this.state = State.Head;
    if (this.socket.isPaused()) this.socket.resume();
    if (!flushed) this.socket.once('drain', () => this.next());
    else this.next();
  }

  /** After an answer: the next pipelined request, or the end of a half-closed connection. */
  private next(): void {
    if (this.state !== State.Head) return;
    if (this.buf !== null) this.advance();
    else if (this.ended) this.socket.end();
  }

  /** Refuses a request the server cannot read, in plain text, and closes the connection. */
  private refuse(err: WireError): void {
    if (this.closed || this.state === State.Done) return;
    this.state = State.Done;
    this.buf = null;
    const text = `${err.message}\n`;
    this.socket.end(
      `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Date: ${httpDate()}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
}

/** A net.Server speaking HTTP/1.1 to one handler. `closeAllConnections` is there as on node:http's. */
export class WireServer extends Server {
  private readonly sockets = new Set<Socket>();

  constructor(handler: WireHandler, limits: Partial<WireLimits> = {}) {
    const all = { ...DEFAULT_WIRE_LIMITS, ...limits };
    const encoded = new EncodedBodies();
    super({ allowHalfOpen: true }, (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      new Connection(socket, handler, all, encoded);
    });
  }

  closeAllConnections(): void {
    for (const s of this.sockets) s.destroy();
  }
}
