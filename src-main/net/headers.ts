import type { IncomingHttpHeaders } from 'node:http';
import { WireError } from './wire-error';

/** RFC 9110 §5.6.2 token: a method or a header name. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Characters a header value may not hold: every control character but the tab (RFC 9110 §5.5), as
 * llhttp refuses them. CR, LF and NUL would end or split a header; the others are request-smuggling
 * material (a vertical tab before `chunked`, say, which a lax reader trims away and a strict one keeps).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const BAD_VALUE_CHAR = /[\x00-\x08\x0a-\x1f\x7f]/;

/** The first character of `text` that BAD_VALUE_CHAR refuses, in words: `bare LF`, `control character 0x01`. */
export function badCharName(text: string): string {
  const code = BAD_VALUE_CHAR.exec(text)![0].charCodeAt(0);
  if (code === 10) return 'bare LF';
  if (code === 13) return 'bare CR';
  if (code === 0) return 'NUL';
  return `control character 0x${code.toString(16).padStart(2, '0')}`;
}

/**
 * Bytes off the wire (read as latin1) quoted for a message: JSON's escapes, and `\xNN` for bytes past
 * 0x7e, so the message reads the same whatever its reader decodes it as.
 */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.slice(0, max)).replace(
    /[\x7f-\xff]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** `text` without leading and trailing spaces and tabs (OWS): `trim()` would also drop NBSP and form feeds. */
export function trimOws(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Names whose canonical form is not simply each word capitalised. */
const SPECIAL_CASE: Record<string, string> = {
  'www-authenticate': 'WWW-Authenticate',
  etag: 'ETag',
  'content-md5': 'Content-MD5',
  te: 'TE',
  dnt: 'DNT',
};
const canonical = new Map<string, string>();

/**
 * A header name in the case the real service (and most servers) writes it: `Content-Type`, `Location`,
 * `Capture-Id`, `Klarna-Correlation-Id`, `WWW-Authenticate`. HTTP says names are case-insensitive, but
 * client code often reads them case-sensitively, so the simulator writes them exactly so. Cached.
 */
export function canonicalHeaderName(name: string): string {
  let c = canonical.get(name);
  if (c === undefined) {
    const lower = name.toLowerCase();
    c =
      SPECIAL_CASE[lower] ??
      lower.replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
    if (canonical.size < 4096) canonical.set(name, c);
  }
  return c;
}

/** Headers whose repeats node:http drops (the first wins); every other repeat is joined with ", ". */
const FIRST_WINS = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Adds a header (name lower-cased) as node:http would: `set-cookie` as a list, cookies joined by "; ". */
export function addHeader(headers: IncomingHttpHeaders, name: string, value: string): void {
  const had = headers[name];
  if (had === undefined) {
    headers[name] = name === 'set-cookie' ? [value] : value;
  } else if (Array.isArray(had)) {
    had.push(value);
  } else if (!FIRST_WINS.has(name)) {
    headers[name] = `${had}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
}

/**
 * Reads header lines (`lines[from…]`; a head's come after its request or status line) into headers, as
 * node:http would, and refuses what llhttp refuses: a folded line, a line without a colon, a name that
 * is no token, a control character in a value (a bare CR or LF among them), and a repeated
 * Content-Length, equal or not. Throws a WireError naming the first problem; `part` names where
 * (`header`, `trailer`).
 */
export function readHeaderLines(lines: string[], from = 1, part = 'header'): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const c = line.indexOf(':');
    if (c <= 0) {
      const first = line.charCodeAt(0);
      if (first === 32 || first === 9) throw new WireError(400, `obsolete line folding in a ${part}`);
      if (c === 0) throw new WireError(400, `${part} line without a name: ${quote(line)}`);
      if (BAD_VALUE_CHAR.test(line)) throw new WireError(400, `${badCharName(line)} in a ${part} line`);
      throw new WireError(400, `${part} line without a colon: ${quote(line)}`);
    }
    const name = line.slice(0, c);
    if (!TOKEN.test(name)) {
      if (BAD_VALUE_CHAR.test(name)) throw new WireError(400, `${badCharName(name)} in a ${part} line`);
      throw new WireError(400, `malformed ${part} name: ${quote(name)}`);
    }
    const raw = line.slice(c + 1);
    if (BAD_VALUE_CHAR.test(raw)) throw new WireError(400, `${badCharName(raw)} in ${part} ${name}`);
    const lower = name.toLowerCase();
    if (lower === 'content-length') {
      const had = headers['content-length'];
      const value = contentLengthText(raw);
      if (had !== undefined) {
        throw new WireError(
          400,
          had === value
            ? 'Content-Length given twice'
            : `two different Content-Length values: ${had} and ${value}`,
        );
      }
      headers['content-length'] = value;
    } else addHeader(headers, lower, trimOws(raw));
  }
  return headers;
}

/**
 * A head's header lines as received: its text after the first line (`lines` is the text split at CRLF).
 * They determine the headers, so what derives from the headers alone can be cached by them.
 */
export function headerBlock(text: string, lines: string[]): string {
  return lines.length > 1 ? text.slice(lines[0]!.length + 2) : '';
}

/**
 * A Content-Length field's value as received (after the colon) reduced to its digits: spaces and tabs
 * before them, only spaces after (llhttp refuses a tab there), at most 15 digits. Else a WireError.
 */
function contentLengthText(raw: string): string {
  const m = /^[ \t]*(\d{1,15}) *$/.exec(raw);
  if (m === null) throw new WireError(400, `invalid Content-Length: ${quote(raw.replace(/^[ \t]+/, ''))}`);
  return m[1]!;
}

/** Whether a Connection header value lists `option` (e.g. close, keep-alive). */
export function connectionHas(value: string | undefined, option: 'close' | 'keep-alive'): boolean {
  if (value === undefined) return false;
  for (const part of value.split(',')) if (part.trim().toLowerCase() === option) return true;
  return false;
}

const CRLF = Buffer.from('\r\n');

/**
 * What is wrong with a head (still incomplete) whose lines do not all end in CRLF, or null: the first
 * bare LF (one not after a CR) or bare CR (one not before an LF) from `from` on, and whether it is in
 * the first line (`firstLine`: the request line, the status line) or a header line. A CR at the very
 * end may yet be followed by its LF, so it does not count. llhttp refuses such a head at once.
 */
export function bareLineBreak(buf: Buffer, from: number, firstLine: string): string | null {
  const where = (at: number): string => {
    const eol = buf.indexOf(CRLF);
    return eol === -1 || at < eol ? firstLine : 'a header line';
  };
  for (let i = buf.indexOf(10, from); i !== -1; i = buf.indexOf(10, i + 1)) {
    if (i === 0 || buf[i - 1] !== 13) return `bare LF in ${where(i)}: lines end in CRLF`;
  }
  for (let i = buf.indexOf(13, from); i !== -1 && i < buf.length - 1; i = buf.indexOf(13, i + 1)) {
    if (buf[i + 1] !== 10) return `bare CR in ${where(i)}: lines end in CRLF`;
  }
  return null;
}
