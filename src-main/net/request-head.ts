import { METHODS, type IncomingHttpHeaders } from 'node:http';
import {
  BAD_VALUE_CHAR,
  badCharName,
  connectionHas,
  headerBlock,
  readHeaderLines,
  TOKEN,
  trimOws,
  quote,
} from './headers';
import type { Framing as BodyFraming } from './body-reader';
import { WireError } from './wire-error';

/** How a request's body is framed (RFC 9112 §6.3): never until close. */
export type Framing = Exclude<BodyFraming, { kind: 'close' }>;

export interface RequestHead {
  method: string;
  /** The request target in origin form (`/path?query`); an absolute-form target is reduced to it. */
  target: string;
  version: '1.0' | '1.1';
  headers: IncomingHttpHeaders;
  /** The header lines as received (latin1): everything derived from the headers alone can be cached by it. */
  headerBlock: string;
  /** Whether the connection stays open after the answer (HTTP/1.1 unless `close`; 1.0 only on `keep-alive`). */
  keepAlive: boolean;
  framing: Framing;
  /** `Expect: 100-continue`: the client waits for an interim 100 before it sends the body. */
  expectContinue: boolean;
}

/** A request target's bytes: visible ASCII, as llhttp takes them (no bytes past 0x7e, even UTF-8). */
const TARGET = /^[\x21-\x7e]+$/;
/** The methods llhttp knows (node:http's METHODS); it refuses any other, even a well-formed token. */
const KNOWN_METHODS = new Set(METHODS);
/** The start of an absolute-form target: a scheme and `://`. */
const ABSOLUTE = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;
/** node:http's test for a 100-continue expectation (its other members are ignored). */
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;

/** `http://host:port/p?q` → `/p?q`: an absolute-form target as the apps see it, an origin-form one. */
export function originForm(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const scheme = target.indexOf('://');
  if (scheme > 0 && /^https?$/i.test(target.slice(0, scheme))) {
    const slash = target.indexOf('/', scheme + 3);
    const query = target.indexOf('?', scheme + 3);
    if (slash === -1) return query === -1 ? '/' : `/${target.slice(query)}`;
    return query !== -1 && query < slash ? `/${target.slice(query)}` : target.slice(slash);
  }
  return target; // `*`, or another scheme's URL: passed on, and no route matches them
}

/** A request line that cannot be read: a bare CR or LF (a line ending llhttp refuses) is named as such. */
function malformed(line: string, what: string, part: string): WireError {
  if (BAD_VALUE_CHAR.test(line)) return new WireError(400, `${badCharName(line)} in the request line`);
  return new WireError(400, `malformed ${what}: ${quote(part)}`);
}

/** The method, checked as llhttp does: a token, and one it knows. CONNECT is refused: no tunnels here. */
function checkMethod(method: string, line: string): void {
  if (KNOWN_METHODS.has(method)) {
    if (method === 'CONNECT') throw new WireError(501, 'CONNECT is not supported: the simulator is no proxy');
    return;
  }
  if (!TOKEN.test(method)) throw malformed(line, 'method', method);
  throw new WireError(400, `unknown method: ${quote(method)}`);
}

/** The target: origin form (`/p?q`), absolute form (`http://h/p`) or `*`, in visible ASCII. */
function checkTarget(target: string, line: string): void {
  if (!TARGET.test(target)) throw malformed(line, 'request target', target);
  const first = target.charCodeAt(0);
  if (first !== 47 /* / */ && target !== '*' && !ABSOLUTE.test(target)) {
    throw new WireError(400, `request target is not a path, an absolute URL or *: ${quote(target)}`);
  }
}

/** `HTTP/1.1` or `HTTP/1.0`. Another 1.x is refused with 400 (as llhttp does), another major with 505. */
function versionOf(protocol: string, line: string): '1.0' | '1.1' {
  if (protocol === 'HTTP/1.1') return '1.1';
  if (protocol === 'HTTP/1.0') return '1.0';
  if (/^HTTP\/1\.\d$/.test(protocol)) throw new WireError(400, `HTTP version not supported: ${protocol}`);
  if (/^HTTP\/\d\.\d$/.test(protocol)) throw new WireError(505, `HTTP version not supported: ${protocol}`);
  throw malformed(line, 'protocol version', protocol);
}

/**
 * The body's framing from Transfer-Encoding and Content-Length, refusing what llhttp refuses: both at
 * once, a last coding other than chunked, chunked twice. Empty list elements are skipped (RFC 9110
 * §5.6.1). A coding before chunked (`gzip, chunked`) is refused with 501: llhttp passes the body on
 * still encoded, and no app here could read it.
 */
function framingOf(headers: IncomingHttpHeaders): Framing {
  const te = headers['transfer-encoding'];
  const cl = headers['content-length'];
  if (te === undefined) {
    const length = cl === undefined ? 0 : Number(cl);
    return length > 0 ? { kind: 'length', length } : { kind: 'none' };
  }
  if (cl !== undefined) throw new WireError(400, 'both Content-Length and Transfer-Encoding');
  const codings = te.split(',').map((c) => trimOws(c).toLowerCase());
  if (codings.at(-1) !== 'chunked') {
    throw new WireError(400, `the last transfer coding must be chunked: ${quote(te)}`);
  }
  if (codings.filter((c) => c === 'chunked').length > 1) {
    throw new WireError(400, `chunked given more than once: ${quote(te)}`);
  }
  const others = codings.filter((c) => c !== '' && c !== 'chunked');
  if (others.length > 0) throw new WireError(501, `transfer coding not implemented: ${others.join(', ')}`);
  return { kind: 'chunked' };
}

/**
 * Parses a request's head: the request line and the header lines, `text` being the bytes before the
 * blank line, read as latin1. Throws a WireError naming what is wrong.
 */
export function parseRequestHead(text: string): RequestHead {
  const lines = text.split('\r\n');
  const requestLine = lines[0]!;
  const sp1 = requestLine.indexOf(' ');
  const sp2 = requestLine.lastIndexOf(' ');
  if (sp1 <= 0) throw malformed(requestLine, 'request line', requestLine);
  if (sp2 === sp1) {
    if (BAD_VALUE_CHAR.test(requestLine)) throw malformed(requestLine, 'request line', requestLine);
    const missing = /^HTTP\/\d/.test(requestLine.slice(sp1 + 1))
      ? 'a request target'
      : 'an HTTP version (HTTP/0.9 is not served)';
    throw new WireError(400, `request line without ${missing}: ${quote(requestLine)}`);
  }
  const method = requestLine.slice(0, sp1);
  const rawTarget = requestLine.slice(sp1 + 1, sp2);
  checkMethod(method, requestLine);
  checkTarget(rawTarget, requestLine);
  const version = versionOf(requestLine.slice(sp2 + 1), requestLine);

  const headers = readHeaderLines(lines);
  if (version === '1.1' && headers.host === undefined) throw new WireError(400, 'missing Host header');
  const framing = framingOf(headers);
  const keepAlive =
    version === '1.1'
      ? !connectionHas(headers.connection, 'close')
      : connectionHas(headers.connection, 'keep-alive');
  // As node:http: expectations are read in HTTP/1.1 only (RFC 9110 §10.1.1 has 1.0 ignore them).
  const expect = version === '1.1' ? headers.expect : undefined;
  const continues = expect !== undefined && CONTINUE.test(expect);
  if (expect !== undefined && !continues) {
    throw new WireError(417, `unsupported expectation: ${quote(expect)}`);
  }
  return {
    method,
    target: originForm(rawTarget),
    version,
    headers,
    headerBlock: headerBlock(text, lines),
    keepAlive,
    framing,
    expectContinue: continues && framing.kind !== 'none',
  };
}
