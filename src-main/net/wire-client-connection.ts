import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { RawAnswer } from '@shared/rules/callback-answers';
import { BodyReader } from './body-reader';
import { parseAnswerHead, type AnswerHead } from './answer-head';
import { bareLineBreak } from './headers';
import { unreachable, type WireCall, type WireResult } from './wire-call';
import { WireError } from './wire-error';

// One connection of the HTTP/1.1 client (wire-client.ts) and the one call it carries at a time: writes
// the request, reads the answer from the connection's bytes, hands the connection back to its pool.

/** An idle kept-alive connection closes after this long. */
const IDLE_MS = 15_000;
/**
 * A server's `Keep-Alive: timeout=N` is honoured with this much to spare (as node:http's agent does): a
 * connection idle for N s is closed by the server, and a request written as it closes is lost.
 */
const HINT_SPARE_MS = 1_000;

/** How long a connection may stay idle by the answer's `Keep-Alive: timeout=N` (IDLE_MS without one). */
function idleLimit(keepAlive: string | undefined): number {
  const hint = /(?:^|[\s,;])timeout=(\d+)/i.exec(keepAlive ?? '')?.[1];
  return hint === undefined ? IDLE_MS : Math.min(IDLE_MS, Number(hint) * 1000 - HINT_SPARE_MS);
}
/** An answer's status line and headers together, as node:http's client (its maxHeaderSize). */
const HEAD_LIMIT = 16 * 1024;
const CRLFCRLF = Buffer.from('\r\n\r\n');

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** One call on one connection: reads its answer from the connection's bytes. */
class Call {
  private buf: Buffer | null = null;
  private head: AnswerHead | null = null;
  private body: BodyReader | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Counts the timer's arming: a time-out is declared only if nothing re-armed it meanwhile. */
  private armed = 0;
  settled = false;

  constructor(
    private readonly conn: Connection,
    private readonly call: WireCall,
    private readonly resolve: (r: WireResult) => void,
  ) {
    // Connecting (and a TLS handshake) gets the time limit of its own; the limit proper starts at the write.
    this.arm();
  }

  /**
   * The time limit runs from when the request is written to when the answer's head arrives, as the
   * service's own clock would see it (connection set-up is not the merchant's answer time); the body
   * then gets the same time again.
   */
  arm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    const mine = ++this.armed;
    this.timer = setTimeout(() => this.expire(mine), this.call.timeoutMs);
  }

  /**
   * Timers run before sockets are read in Node's event loop: when this process was busy past the limit
   * (a loaded machine), an answer that came meanwhile is still unread in the socket. One poll of the
   * sockets first, so a time-out is recorded only when no answer is waiting.
   */
  private expire(mine: number): void {
    setImmediate(() => {
      if (this.settled || mine !== this.armed) return;
      this.fail({ status: null, headers: {}, body: null, error: 'timeout' });
    });
  }

  /** Fails the call and drops the connection (its state is unknown). */
  fail(answer: RawAnswer): void {
    if (this.settled) return;
    this.finish(answer, 0);
  }

  /** The server closed or reset the connection under the call. */
  private cut = false;

  /** The connection ended, was reset or closed: the call fails with `answer`. */
  cutOff(answer: RawAnswer): void {
    this.cut = true;
    this.fail(answer);
  }

  /** `idleMs`: how long the connection may wait for the next call (0: it is closed). */
  private finish(answer: RawAnswer, idleMs: number, block?: string): void {
    this.settled = true;
    if (this.timer !== null) clearTimeout(this.timer);
    const cut = this.cut && this.buf === null && this.head === null;
    this.conn.release(idleMs);
    const r: WireResult = { answer, untrusted: this.conn.untrusted, headerBlock: block };
    this.resolve(cut ? { ...r, cutBeforeAnswer: true } : r);
  }

  onData(chunk: Buffer): void {
    this.buf = this.buf === null ? chunk : Buffer.concat([this.buf, chunk]);
    try {
      this.parse();
    } catch (err) {
      this.fail(
        unreachable(err instanceof WireError ? `malformed answer: ${err.message}` : 'malformed answer'),
      );
    }
  }

  /** The server closed the connection: a close-delimited answer ends here; any other is cut short. */
  onEnd(): void {
    if (this.body?.end() === true) return this.complete();
    let detail = 'ECONNRESET socket hang up'; // no byte of an answer: as node:http says it
    if (this.head) detail = 'the connection closed before the answer was complete';
    else if (this.buf !== null) detail = "the connection closed in the middle of the answer's head";
    this.cutOff(unreachable(detail));
  }

  private parse(): void {
    while (this.buf !== null && !this.settled) {
      if (this.body === null) {
        const head = this.readHead();
        if (head === null) return;
        if (head.status >= 100 && head.status < 200) {
          // Nothing here asks to switch protocols: a 101 is a broken answer, not an interim one.
          if (head.status === 101)
            throw new WireError(502, '101 Switching Protocols to a request that asked for no upgrade');
          continue; // an interim answer (100 Continue, 103 Early Hints)
        }
        this.head = head;
        this.arm(); // the head came in time: the body gets the limit again
        this.body = new BodyReader(head.framing, {
          keep: this.call.maxAnswer,
          stop: this.call.maxAnswer,
          line: HEAD_LIMIT,
        });
      }
      this.buf = this.body.feed(this.buf);
      if (this.body.overflow)
        return this.fail(unreachable(`the answer is larger than ${this.call.maxAnswer} bytes`));
      if (!this.body.done) return;
      return this.complete();
    }
  }

  /** An answer's head from the buffer when it is all there (null while not); throws what is wrong with it. */
  private readHead(): AnswerHead | null {
    let buf = this.buf!;
    // Empty lines before a status line are skipped, as llhttp does.
    let start = 0;
    while (start < buf.length && (buf[start] === 13 || buf[start] === 10)) start++;
    if (start > 0) {
      this.buf = start === buf.length ? null : buf.subarray(start);
      if (this.buf === null) return null;
      buf = this.buf;
    }
    const end = buf.indexOf(CRLFCRLF);
    if (end === -1 ? buf.length > HEAD_LIMIT : end > HEAD_LIMIT) {
      throw new WireError(502, `status line and headers over ${HEAD_LIMIT} bytes`);
    }
    if (end === -1) {
      // Lines that end otherwise than in CRLF: named now, where waiting would end in a hang-up.
      const bare = bareLineBreak(buf, 0, 'the status line');
      if (bare !== null) throw new WireError(502, bare);
      return null;
    }
    const head = parseAnswerHead(buf.toString('latin1', 0, end), this.call.method);
    this.buf = end + 4 === buf.length ? null : buf.subarray(end + 4);
    return head;
  }

  private complete(): void {
    const head = this.head!;
    const body = this.body!.body();
    const after = this.buf;
    if (after !== null && !startsAnswer(after)) {
      // Bytes past the end of the answer that begin no answer: its framing is wrong (often a
      // Content-Length counted in characters, not bytes). node:http's client fails on them too.
      const framing =
        head.framing.kind === 'length' ? `its Content-Length is ${head.framing.length}` : 'its framing';
      return this.fail(unreachable(`malformed answer: ${after.length} bytes past its end (${framing})`));
    }
    // Bytes after the answer: the server broke the framing, so the connection is not used again.
    const headers = flat(head.headers);
    const idleMs = head.keepAlive && after === null ? idleLimit(headers['keep-alive']) : 0;
    this.finish(
      { status: head.status, headers, body: body ? body.toString('utf8') : '' },
      idleMs,
      head.headerBlock,
    );
  }
}

/** Whether bytes after an answer could be the next answer: `HTTP/`, after any empty lines. */
function startsAnswer(buf: Buffer): boolean {
  let i = 0;
  while (i < buf.length && (buf[i] === 13 || buf[i] === 10)) i++;
  return i === buf.length || buf.toString('latin1', i, i + 5) === 'HTTP/'.slice(0, buf.length - i);
}

/** Where a connection goes between calls (wire-pool.ts): parked when it can carry another, forgotten when closed. */
export interface ConnectionHome {
  park(key: string, c: Connection): void;
  forget(key: string, c: Connection): void;
}

/** A connection to one origin; at most one call at a time. */
export class Connection {
  untrusted: string | null = null;
  private current: Call | null = null;
  private dead = false;
  /** Connected (and past the TLS handshake); until then a write that waits for it is held here. */
  private ready = false;
  private held: (() => void) | null = null;
  /** When a parked connection stops being offered (the server's keep-alive time, less a margin). */
  private usableUntil = Infinity;

  constructor(
    readonly socket: Socket,
    private readonly pool: ConnectionHome,
    private readonly key: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      if (this.current) this.current.onData(chunk);
      else socket.destroy(); // bytes nobody asked for: the connection is not to be trusted
    });
    socket.on('end', () => {
      this.dead = true;
      if (this.current) this.current.onEnd();
      socket.destroy();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.dead = true;
      this.current?.cutOff(unreachable(err.code ? `${err.code} ${err.message}` : err.message));
    });
    socket.on('close', () => {
      this.dead = true;
      this.current?.cutOff(unreachable('ECONNRESET socket hang up'));
      this.pool.forget(this.key, this);
    });
    socket.on('timeout', () => {
      if (!this.current) socket.destroy(); // idle for IDLE_MS
    });
  }

  /** The socket is connected (https: the handshake is done): a held write goes out now. */
  connected(): void {
    this.ready = true;
    const write = this.held;
    this.held = null;
    if (write && this.current?.settled === false) write();
  }

  get usable(): boolean {
    return !this.dead && !this.socket.destroyed && this.current === null && Date.now() < this.usableUntil;
  }

  send(call: WireCall, resolve: (r: WireResult) => void): void {
    const c = new Call(this, call, resolve);
    this.current = c;
    this.socket.setTimeout(0);
    this.socket.ref();
    const url = call.url;
    let text = `${call.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
    for (const name in call.headers) text += `${name}: ${call.headers[name]}\r\n`;
    text += '\r\n';
    if (call.body !== null) text += call.body;
    // Not on the socket until connected: the caller hears of the write, and the limit starts, when it
    // really happens.
    if (this.ready) this.writeTold(c, call.onWrite, text);
    else this.held = () => this.writeTold(c, call.onWrite, text);
  }

  /** Tells the caller, then writes; a throw from the caller keeps the request off the wire. */
  private writeTold(c: Call, onWrite: (() => void) | undefined, text: string): void {
    try {
      onWrite?.();
    } catch (err) {
      c.fail(unreachable(`the request was not written: ${(err as Error).message ?? String(err)}`));
      return;
    }
    c.arm();
    this.socket.write(text);
  }

  /** The call is over: back to the pool for `idleMs` if the connection can carry another, else closed. */
  release(idleMs: number): void {
    this.current = null;
    if (idleMs > 0 && !this.dead && !this.socket.destroyed) {
      // Parked: it never holds the process open (as node:http's agent does with its free sockets).
      this.socket.unref();
      this.socket.setTimeout(idleMs);
      this.usableUntil = Date.now() + idleMs;
      this.pool.park(this.key, this);
    } else this.socket.destroy();
  }
}
