import { BAD_VALUE_CHAR, badCharName, readHeaderLines, quote } from './headers';
import { WireError } from './wire-error';

/** How a message's body is framed (RFC 9112 §6); `close`: until the connection closes (answers only). */
export type Framing =
  { kind: 'none' } | { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' };

/** A chunk-size line: the size in hex, then its extensions (checked by CHUNK_EXT). */
const SIZE_LINE = /^([0-9a-fA-F]+)(.*)$/s;
/**
 * Chunk extensions as llhttp takes them: `;name`, `;name=token`, `;name="quoted"`, repeated, with no
 * whitespace anywhere (RFC 9112 §7.1.1 allows some; llhttp refuses it, so a client sending it would fail).
 */
const CHUNK_EXT =
  /^(?:;(?!$)[!#$%&'*+.^_`|~0-9A-Za-z-]*(?:=(?:[!#$%&'*+.^_`|~0-9A-Za-z-]*|"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"))?)+$/;

const enum State {
  Length,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
}

export interface BodyLimits {
  /** Bytes kept; past this the body is still read (drained) but not kept, and `tooLarge` is set. */
  keep: number;
  /** Past this the reader stops at once (`overflow`): the body is not worth draining. */
  stop: number;
  /** The most a chunk-size line (its extensions, as node:http's 16 KiB) or the trailer section may hold. */
  line: number;
}

/**
 * Reads one body from the bytes of a connection, whatever their split: `feed` takes what arrived and
 * returns what belongs to the next message. Chunked bodies are decoded; their chunk-size lines,
 * extensions and trailer fields are checked as llhttp checks them (a bare CR or LF is refused as soon
 * as it arrives, not after a timeout), then dropped. Used by the server for requests and by the
 * outbound client for answers.
 */
export class BodyReader {
  private state: State;
  private remaining = 0;
  private parts: Buffer[] = [];
  /** Bytes of the trailer section read so far. */
  private trailerBytes = 0;
  /** Body bytes read so far (also those past `keep`, which are dropped). */
  size = 0;
  /** The body went past `stop`: reading stopped there. */
  overflow = false;

  constructor(
    framing: Framing,
    private readonly limits: BodyLimits,
  ) {
    if (framing.kind === 'length') {
      this.remaining = framing.length;
      this.state = framing.length === 0 ? State.Done : State.Length;
      if (framing.length > limits.stop) this.stopHere(framing.length);
    } else if (framing.kind === 'chunked') this.state = State.ChunkSize;
    else if (framing.kind === 'close') this.state = State.UntilClose;
    else this.state = State.Done;
  }

  get done(): boolean {
    return this.state === State.Done;
  }

  get tooLarge(): boolean {
    return this.size > this.limits.keep;
  }

  /** The body read, or null when empty or too large to keep. */
  body(): Buffer | null {
    if (this.size === 0 || this.tooLarge) return null;
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
  }

  private stopHere(size: number): void {
    this.size = size;
    this.parts = [];
    this.overflow = true;
    this.state = State.Done;
  }

  private keep(piece: Buffer): void {
    this.size += piece.length;
    if (this.size <= this.limits.keep) this.parts.push(piece);
    else if (this.parts.length > 0) this.parts = [];
    if (this.size > this.limits.stop) this.stopHere(this.size);
  }

  /** Reads what it can from `buf`; returns the bytes past the body (null when none). Throws WireError. */
  feed(buf: Buffer | null): Buffer | null {
    while (buf !== null && this.state !== State.Done) {
      switch (this.state) {
        case State.Length:
        case State.ChunkData: {
          const n = Math.min(this.remaining, buf.length);
          this.keep(n === buf.length ? buf : buf.subarray(0, n));
          buf = n === buf.length ? null : buf.subarray(n);
          this.remaining -= n;
          if (this.remaining === 0 && this.state === State.Length) this.state = State.Done;
          else if (this.remaining === 0 && this.state === State.ChunkData) this.state = State.ChunkEnd;
          break;
        }
        case State.UntilClose:
          this.keep(buf);
          buf = null;
          break;
        case State.ChunkSize: {
          const lf = buf.indexOf(10);
          if (lf === -1) {
            if (buf.length > this.limits.line) this.tooLong();
            return buf;
          }
          if (lf === 0 || buf[lf - 1] !== 13) throw new WireError(400, 'bare LF in a chunk size line');
          if (lf - 1 > this.limits.line) this.tooLong();
          const n = chunkSize(buf.toString('latin1', 0, lf - 1));
          buf = lf + 1 === buf.length ? null : buf.subarray(lf + 1);
          if (n === 0) this.state = State.Trailers;
          else if (this.size + n > this.limits.stop) this.stopHere(this.size + n);
          else {
            this.remaining = n;
            this.state = State.ChunkData;
          }
          break;
        }
        case State.ChunkEnd: {
          if (buf[0] !== 13) {
            if (buf[0] === 10) throw new WireError(400, 'bare LF after chunk data');
            throw new WireError(400, 'chunk data longer than its chunk size');
          }
          if (buf.length < 2) return buf;
          if (buf[1] !== 10) throw new WireError(400, 'bare CR after chunk data');
          buf = buf.length === 2 ? null : buf.subarray(2);
          this.state = State.ChunkSize;
          break;
        }
        case State.Trailers: {
          // Trailer fields are checked as header lines, then dropped: nothing here looks at them.
          const lf = buf.indexOf(10);
          if (lf === -1) {
            if (this.trailerBytes + buf.length > this.limits.line) this.trailersTooLarge();
            return buf;
          }
          if (lf === 0 || buf[lf - 1] !== 13) throw new WireError(400, 'bare LF in the trailer section');
          this.trailerBytes += lf + 1;
          if (this.trailerBytes > this.limits.line) this.trailersTooLarge();
          if (lf > 1) checkTrailer(buf.toString('latin1', 0, lf - 1));
          else this.state = State.Done; // the empty line ending the body
          buf = lf + 1 === buf.length ? null : buf.subarray(lf + 1);
          break;
        }
        default:
          return buf;
      }
    }
    return buf;
  }

  private tooLong(): never {
    throw new WireError(413, `chunk extensions over ${this.limits.line} bytes`);
  }

  private trailersTooLarge(): never {
    throw new WireError(431, `trailer section over ${this.limits.line} bytes`);
  }

  /** The connection closed: a close-delimited body is complete; any other is cut short. */
  end(): boolean {
    if (this.state === State.UntilClose) this.state = State.Done;
    return this.state === State.Done;
  }
}

/** A chunk-size line's size, its extensions checked as llhttp checks them; else a WireError naming the problem. */
function chunkSize(line: string): number {
  const m = SIZE_LINE.exec(line);
  if (m === null) {
    if (BAD_VALUE_CHAR.test(line)) throw new WireError(400, `${badCharName(line)} in a chunk size line`);
    throw new WireError(400, `malformed chunk size: ${quote(line, 40)}`);
  }
  const ext = m[2]!;
  if (ext !== '' && !CHUNK_EXT.test(ext)) {
    if (BAD_VALUE_CHAR.test(ext)) throw new WireError(400, `${badCharName(ext)} in a chunk extension`);
    const first = ext.charCodeAt(0);
    if (first === 32 || first === 9) throw new WireError(400, 'whitespace after a chunk size');
    if (first !== 59 /* ; */) throw new WireError(400, `malformed chunk size: ${quote(line, 40)}`);
    throw new WireError(400, `malformed chunk extension: ${quote(ext, 40)}`);
  }
  const n = m[1]!.length > 16 ? Infinity : parseInt(m[1]!, 16);
  if (n > Number.MAX_SAFE_INTEGER) throw new WireError(400, `chunk size too large: ${m[1]!.slice(0, 40)}`);
  return n;
}

/** A trailer field, checked as a header line; the framing fields may not be trailers (RFC 9110 §6.5.1). */
function checkTrailer(line: string): void {
  const fields = readHeaderLines([line], 0, 'trailer');
  for (const name of ['Content-Length', 'Transfer-Encoding']) {
    if (fields[name.toLowerCase()] !== undefined) throw new WireError(400, `${name} in the trailer section`);
  }
}
