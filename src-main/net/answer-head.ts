import type { IncomingHttpHeaders } from 'node:http';
import type { Framing } from './body-reader';
import {
  BAD_VALUE_CHAR,
  badCharName,
  connectionHas,
  headerBlock,
  readHeaderLines,
  trimOws,
  quote,
} from './headers';
import { WireError } from './wire-error';

/** A status line as llhttp reads an answer's: any reason (control characters too) but a CR or LF. */
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;

export interface AnswerHead {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header lines as received (latin1): what the log caches the headers' JSON by. */
  headerBlock: string;
  keepAlive: boolean;
  framing: Framing;
}

/**
 * Parses an answer's head (`text`: the bytes before the blank line, as latin1) to a request of
 * `method`, refusing what node:http's client refuses: a malformed status line, the header lines
 * readHeaderLines refuses (two Content-Length values among them), and both Content-Length and
 * Transfer-Encoding. Throws a WireError naming the problem.
 */
export function parseAnswerHead(text: string, method: string): AnswerHead {
  const lines = text.split('\r\n');
  const line = lines[0]!;
  const m = STATUS_LINE.exec(line);
  if (!m) {
    if (BAD_VALUE_CHAR.test(line)) throw new WireError(502, `${badCharName(line)} in the status line`);
    throw new WireError(502, `malformed status line: ${quote(line)}`);
  }
  const status = Number(m[2]);
  const headers = readHeaderLines(lines);
  const te = headers['transfer-encoding'];
  const cl = headers['content-length'];
  if (te !== undefined && cl !== undefined) {
    throw new WireError(502, 'both Content-Length and Transfer-Encoding');
  }
  const keepAlive =
    m[1] === '1'
      ? !connectionHas(headers.connection, 'close')
      : connectionHas(headers.connection, 'keep-alive');
  let framing: Framing;
  if (method === 'HEAD' || (status >= 100 && status < 200) || status === 204 || status === 304) {
    framing = { kind: 'none' };
  } else if (te !== undefined) {
    // A last coding other than chunked leaves the answer framed by the connection's end (RFC 9112 §6.3).
    const last = trimOws(te.slice(te.lastIndexOf(',') + 1)).toLowerCase();
    framing = last === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  } else if (cl !== undefined) framing = { kind: 'length', length: Number(cl) };
  else framing = { kind: 'close' };
  return {
    status,
    headers,
    headerBlock: headerBlock(text, lines),
    keepAlive: keepAlive && framing.kind !== 'close',
    framing,
  };
}
