import type { IncomingHttpHeaders } from 'node:http';
import { connectionHas, contentLength, headerBlock, readHeaderLines, TOKEN } from './headers';
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

const TARGET = /^[\x21-\x7e\x80-\xff]+$/;

/** `http://host:port/p?q` → `/p?q`, as node:http's req.url would leave an origin-form target. */
function originForm(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const scheme = target.indexOf('://');
  if (scheme > 0 && /^https?$/i.test(target.slice(0, scheme))) {
    const slash = target.indexOf('/', scheme + 3);
    const query = target.indexOf('?', scheme + 3);
    if (slash === -1) return query === -1 ? '/' : `/${target.slice(query)}`;
    return query !== -1 && query < slash ? `/${target.slice(query)}` : target.slice(slash);
  }
  return target; // `*` (OPTIONS) or authority form: passed on, and no route matches them
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
  if (sp1 <= 0 || sp2 === sp1)
    throw new WireError(400, `malformed request line: ${JSON.stringify(requestLine)}`);
  const method = requestLine.slice(0, sp1);
  const rawTarget = requestLine.slice(sp1 + 1, sp2);
  const protocol = requestLine.slice(sp2 + 1);
  if (!TOKEN.test(method)) throw new WireError(400, `malformed method: ${JSON.stringify(method)}`);
  if (!TARGET.test(rawTarget))
    throw new WireError(400, `malformed request target: ${JSON.stringify(rawTarget)}`);
  let version: '1.0' | '1.1';
  if (protocol === 'HTTP/1.1') version = '1.1';
  else if (protocol === 'HTTP/1.0') version = '1.0';
  else if (/^HTTP\/\d\.\d$/.test(protocol))
    throw new WireError(505, `HTTP version not supported: ${protocol}`);
  else throw new WireError(400, `malformed protocol version: ${JSON.stringify(protocol)}`);

  const { headers, lengths } = readHeaderLines(lines);

  if (version === '1.1' && headers.host === undefined) throw new WireError(400, 'missing Host header');
  const te = headers['transfer-encoding'];
  const cl = headers['content-length'];
  let framing: Framing = { kind: 'none' };
  if (te !== undefined) {
    if (cl !== undefined) throw new WireError(400, 'both Content-Length and Transfer-Encoding');
    const codings = te.split(',').map((s) => s.trim().toLowerCase());
    if (codings.at(-1) !== 'chunked')
      throw new WireError(400, `the last transfer coding must be chunked: ${te}`);
    if (codings.length > 1) throw new WireError(501, `transfer coding not implemented: ${te}`);
    framing = { kind: 'chunked' };
  } else if (cl !== undefined) {
    if (lengths > 1) throw new WireError(400, 'more than one Content-Length');
    const length = contentLength(cl);
    if (length > 0) framing = { kind: 'length', length };
  }

  const keepAlive =
    version === '1.1'
      ? !connectionHas(headers.connection, 'close')
      : connectionHas(headers.connection, 'keep-alive');
  const expect = headers.expect?.toLowerCase();
  if (expect !== undefined && expect !== '100-continue') {
    throw new WireError(417, `unsupported expectation: ${headers.expect}`);
  }
  return {
    method,
    target: originForm(rawTarget),
    version,
    headers,
    headerBlock: headerBlock(text, lines),
    keepAlive,
    framing,
    expectContinue: expect === '100-continue' && version === '1.1' && framing.kind !== 'none',
  };
}
