// Raw requests about framing: bodies by length, and Transfer-Encoding with the request-smuggling classes
// built on it (the format: request-corpus.ts).
import { LENGTH_INPUTS, sideCases } from './both-sides';
import { GET, POST, HEADER, requestOf, type RequestCase } from './request-case';

export const LENGTH_CASES: RequestCase[] = [
  // Framing by length
  { name: 'GET without a body', send: GET, expect: '200 GET 0, close' },
  { name: 'GET with Content-Length: 0', send: HEADER('Content-Length: 0'), expect: '200 GET 0, close' },
  {
    name: 'POST with a Content-Length body',
    send: `${POST}Content-Length: 5\r\n\r\nhello`,
    expect: '200 POST 5, close',
  },
  {
    name: 'POST whose head and body arrive in pieces',
    send: ['POST / HT', 'TP/1.1\r\nHost: h\r\nContent-Len', 'gth: 5\r\n\r\nhe', 'llo'],
    gapMs: 20,
    expect: '200 POST 5, close',
  },
  ...sideCases(LENGTH_INPUTS, requestOf, { 'Content-Length followed by a tab': 'invalid Content-Length' }),
  { name: 'Content-Length in hex', send: `${POST}Content-Length: 0x5\r\n\r\nhello`, expect: '4xx, close' },
  {
    name: 'Content-Length with spaces around it',
    send: `${POST}Content-Length:  5 \r\n\r\nhello`,
    expect: '200 POST 5, close',
  },
  {
    name: 'Content-Length after a tab',
    send: `${POST}Content-Length:\t5\r\n\r\nhello`,
    expect: '200 POST 5, close',
  },
  { name: 'empty Content-Length', send: `${POST}Content-Length:\r\n\r\n`, expect: '4xx, close' },
  {
    name: 'body shorter than its Content-Length, held',
    send: `${POST}Content-Length: 10\r\n\r\nhello`,
    expect: 'timeout, close',
  },
  {
    name: 'body shorter than its Content-Length, half-closed',
    send: `${POST}Content-Length: 10\r\n\r\nhello`,
    then: 'end',
    expect: '4xx, close',
  },
  {
    name: 'bytes past the Content-Length are the next request',
    send: `${POST}Content-Length: 3\r\n\r\nabc${GET}`,
    expect: '200 POST 3, 200 GET 0, close',
  },
];

export const TRANSFER_ENCODING_CASES: RequestCase[] = [
  // Transfer-Encoding, and the request-smuggling classes built on it
  {
    name: 'Content-Length and Transfer-Encoding (CL.TE)',
    send: `${POST}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'both Content-Length and Transfer-Encoding',
  },
  {
    name: 'Transfer-Encoding and Content-Length (TE.CL)',
    send: `${POST}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'both Content-Length and Transfer-Encoding',
  },
  {
    name: 'Content-Length: 0 and Transfer-Encoding',
    send: `${POST}Content-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding: gzip, chunked',
    send: `${POST}Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
    deliberate: {
      verdict: '5xx, close',
      why: 'llhttp passes a gzip-coded body on still coded, which no app here could read; the simulator answers 501 naming the coding (RFC 9112 §6.1: a server SHOULD answer 501 to a transfer coding it does not understand)',
    },
    says: 'transfer coding not implemented: gzip',
  },
  {
    name: 'Transfer-Encoding: chunked, gzip',
    send: `${POST}Transfer-Encoding: chunked, gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding: gzip',
    send: `${POST}Transfer-Encoding: gzip\r\n\r\nhello`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding: identity',
    send: `${POST}Transfer-Encoding: identity\r\n\r\nhello`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding: chunked, chunked',
    send: `${POST}Transfer-Encoding: chunked, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'chunked given more than once',
  },
  {
    name: 'Transfer-Encoding in upper case',
    send: `${POST}Transfer-Encoding: CHUNKED\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'Transfer-Encoding with whitespace around it',
    send: `${POST}Transfer-Encoding:   chunked  \r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'Transfer-Encoding: xchunked',
    send: `${POST}Transfer-Encoding: xchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding over two header lines',
    send: `${POST}Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
    deliberate: {
      verdict: '5xx, close',
      why: 'the two lines are one list, gzip then chunked: 501 as for Transfer-Encoding: gzip, chunked',
    },
  },
  {
    name: 'Transfer-Encoding: chunked in two header lines',
    send: `${POST}Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'chunked given more than once',
  },
  {
    name: 'Transfer-Encoding ending in a comma',
    send: `${POST}Transfer-Encoding: chunked,\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'the last transfer coding must be chunked',
  },
  {
    name: 'Transfer-Encoding with a parameter',
    send: `${POST}Transfer-Encoding: chunked;q=1\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  { name: 'empty Transfer-Encoding', send: `${POST}Transfer-Encoding:\r\n\r\nhello`, expect: '4xx, close' },
  {
    name: 'Transfer-Encoding: gzip in HTTP/1.0',
    send: 'POST / HTTP/1.0\r\nTransfer-Encoding: gzip\r\n\r\nhello',
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding with a space before the colon',
    send: `${POST}Transfer-Encoding : chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding after a vertical tab',
    send: `${POST}Transfer-Encoding:\x0bchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'control character 0x0b in header Transfer-Encoding',
  },
  {
    name: 'Transfer-Encoding folded onto the next line',
    send: `${POST}Transfer-Encoding:\r\n chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'obsolete line folding',
  },
  {
    name: 'Transfer-Encoding in quotes',
    send: `${POST}Transfer-Encoding: "chunked"\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'Transfer-Encoding with an empty list element',
    send: `${POST}Transfer-Encoding: , chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'Transfer-Encoding: chunked in HTTP/1.0',
    send: 'POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    expect: '200 POST 5, close',
  },
];
