import { WireError } from './wire-error';

/** How a message's body is framed (RFC 9112 §6); `close`: until the connection closes (answers only). */
export type Framing =
  { kind: 'none' } | { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' };

const CRLF = Buffer.from('\r\n');
const CRLFCRLF = Buffer.from('\r\n\r\n');
const HEX = /^[0-9a-fA-F]{1,12}$/;

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
  /** The most a chunk-size line or the trailer section may hold. */
  line: number;
}

/**
 * Reads one body from the bytes of a connection, whatever their split: `feed` takes what arrived and
 * returns what belongs to the next message. Chunked bodies are decoded (extensions and trailers read
 * past). Used by the server for requests and by the outbound client for answers.
 */
export class BodyReader {
  private state: State;
  private remaining = 0;
  private parts: Buffer[] = [];
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
          const eol = buf.indexOf(CRLF);
          if (eol === -1) {
            if (buf.length > this.limits.line) throw new WireError(400, 'chunk size line too long');
            return buf;
          }
          const line = buf.toString('latin1', 0, eol);
          const semi = line.indexOf(';');
          const hex = (semi === -1 ? line : line.slice(0, semi)).trim();
          if (!HEX.test(hex))
            throw new WireError(400, `malformed chunk size: ${JSON.stringify(line.slice(0, 40))}`);
          const n = parseInt(hex, 16);
          buf = eol + 2 === buf.length ? null : buf.subarray(eol + 2);
          if (n === 0) this.state = State.Trailers;
          else if (this.size + n > this.limits.stop) this.stopHere(this.size + n);
          else {
            this.remaining = n;
            this.state = State.ChunkData;
          }
          break;
        }
        case State.ChunkEnd: {
          if (buf.length < 2) return buf;
          if (buf[0] !== 13 || buf[1] !== 10) throw new WireError(400, 'chunk data not followed by CRLF');
          buf = buf.length === 2 ? null : buf.subarray(2);
          this.state = State.ChunkSize;
          break;
        }
        case State.Trailers: {
          // Trailer fields are read past and dropped: nothing here looks at them.
          if (buf.length < 2) return buf;
          let end = 0;
          if (buf[0] !== 13 || buf[1] !== 10) {
            const at = buf.indexOf(CRLFCRLF);
            if (at === -1) {
              if (buf.length > this.limits.line) throw new WireError(431, 'trailer section too large');
              return buf;
            }
            end = at + 2;
          }
          buf = end + 2 === buf.length ? null : buf.subarray(end + 2);
          this.state = State.Done;
          break;
        }
        default:
          return buf;
      }
    }
    return buf;
  }

  /** The connection closed: a close-delimited body is complete; any other is cut short. */
  end(): boolean {
    if (this.state === State.UntilClose) this.state = State.Done;
    return this.state === State.Done;
  }
}
