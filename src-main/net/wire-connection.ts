import type { Socket } from 'node:net';
import {
  appHeaders,
  httpDate,
  internalAnswer,
  refusalText,
  statusLine,
  type EncodedBodies,
} from './answer-writer';
import { BodyReader, type BodyLimits } from './body-reader';
import { bareLineBreak } from './headers';
import {
  splitTarget,
  type HttpRequest,
  type HttpResponse,
  type RefusalRenderer,
  type WireHandler,
} from './message';
import { parseRequestHead, type RequestHead } from './request-head';
import { WireError } from './wire-error';
import type { WireLimits } from './wire-limits';

const CRLFCRLF = Buffer.from('\r\n\r\n');
/** While an answer is pending, a client pipelining more than this is paused until the answer is out. */
const PAUSE_AT = 256 * 1024;

const enum State {
  Head,
  Body,
  /** A request is with the app; bytes that arrive meanwhile wait in the buffer. */
  Busy,
  Done,
}

/** The server's coarse clock, advanced by its ticker (wire-server.ts): what the time limits are read on. */
export interface TickClock {
  now: number;
}

/** One client connection: parses requests in order, one at a time, and writes each answer. */
export class Connection {
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
  /** The clock when the request being read began; -1 while none is (idle, or with the app). */
  private startedAt = -1;
  /** How far the buffered start of a head has been searched for bare line breaks. */
  private scanned = 0;

  constructor(
    readonly socket: Socket,
    private readonly handler: WireHandler,
    private readonly limits: WireLimits,
    private readonly encoded: EncodedBodies,
    private readonly clock: TickClock,
    /** How the listener words a refusal (its API's error shape); plain text without one. */
    private readonly render?: RefusalRenderer,
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

  /**
   * Called by the server's ticker: a request whose head, or whole, has taken longer than its time limit
   * (node:http's headersTimeout and requestTimeout) gets 408. `slack` is the clock's granularity: a
   * request is never cut before its time, at most one tick after.
   */
  checkTime(slack: number): void {
    if (this.startedAt < 0 || (this.state !== State.Head && this.state !== State.Body)) return;
    const age = this.clock.now - this.startedAt - slack;
    const { headersTimeoutMs, requestTimeoutMs } = this.limits;
    if (this.state === State.Head && headersTimeoutMs > 0 && age > headersTimeoutMs) {
      this.refuse(new WireError(408, `request head not received within ${headersTimeoutMs} ms`));
    } else if (requestTimeoutMs > 0 && age > requestTimeoutMs) {
      this.refuse(new WireError(408, `request not received within ${requestTimeoutMs} ms`));
    }
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
    while (this.buf !== null) {
      if (this.state === State.Body) {
        const body = this.body!;
        this.buf = body.feed(this.buf);
        if (!body.done) return;
        if (body.overflow) this.head!.keepAlive = false; // not drained: the rest may still be coming
        return this.dispatch();
      }
      if (this.state !== State.Head) return;
      if (!this.readHead()) return;
    }
  }

  /** Reads a request head from the buffer, if it is all there; false while it is not. */
  private readHead(): boolean {
    const limits = this.limits;
    let buf = this.buf!;
    // Empty lines before a request line are ignored (RFC 9112 §2.2); like llhttp, bare CRs and LFs too.
    let start = 0;
    while (start < buf.length && (buf[start] === 13 || buf[start] === 10)) start++;
    if (start > 0) {
      this.take(start);
      if (this.buf === null) return false;
      buf = this.buf;
    }
    if (this.startedAt < 0) this.startedAt = this.clock.now;
    const end = buf.indexOf(CRLFCRLF);
    if (end === -1 ? buf.length > limits.headLimit : end > limits.headLimit) {
      throw new WireError(431, `request line and headers exceed ${limits.headLimit} bytes`);
    }
    if (end === -1) {
      // Not all there, or never will be: a head whose lines end otherwise than in CRLF is refused now.
      const bare = bareLineBreak(buf, Math.max(0, this.scanned - 1), 'the request line');
      if (bare !== null) throw new WireError(400, bare);
      this.scanned = buf.length;
      return false;
    }
    this.scanned = 0;
    const head = parseRequestHead(buf.toString('latin1', 0, end));
    this.take(end + 4);
    this.head = head;
    const body = new BodyReader(head.framing, this.bodyLimits);
    this.body = body;
    // Too large to invite with a 100, or to drain: answered at once, and the connection closes.
    if (head.expectContinue && head.framing.kind === 'length' && head.framing.length > limits.bodyLimit) {
      head.keepAlive = false;
      body.size = head.framing.length;
      this.dispatch();
      return false;
    }
    if (body.done) {
      if (body.overflow) head.keepAlive = false;
      this.dispatch();
      return false;
    }
    if (head.expectContinue) this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    this.state = State.Body;
    return true;
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
    this.startedAt = -1;
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
    // Set only behind TLS, so that a plain request's object keeps the shape it always had (hot path).
    if ((this.socket as { encrypted?: boolean }).encrypted === true) req.secure = true;
    let out: HttpResponse | Promise<HttpResponse>;
    try {
      out = this.handler(req);
    } catch {
      out = internalAnswer(this.render);
    }
    if (out instanceof Promise) {
      out.then(
        (res) => this.respond(head, res),
        () => this.respond(head, internalAnswer(this.render)),
      );
    } else this.respond(head, out);
  }

  private respond(head: RequestHead, res: HttpResponse): void {
    if (this.closed) return;
    const keepAlive = head.keepAlive && !this.ended;
    const status = res.status;
    let text = statusLine(status);
    appHeaders(res, (name, value) => (text += `${name}: ${value}\r\n`));
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

  /** Refuses a request the server cannot read, in the listener's words, and closes the connection. */
  private refuse(err: WireError): void {
    if (this.closed || this.state === State.Done) return;
    this.state = State.Done;
    this.buf = null;
    this.socket.end(refusalText(err, this.render));
  }
}
