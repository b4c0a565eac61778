// Raw requests for the differential suite (server-differential.test.ts): each is sent to the simulator's
// server and to a node:http server (llhttp) over a fresh loopback connection, and what each answers is
// read back as a verdict (harness.ts serverVerdict):
//   `200 <method> <body length>`  the app got the request (the echo app answers its method and body size)
//   `100`                         an interim 100 Continue
//   `4xx`, `5xx`, `timeout` (408) a refusal;  `garbage` bytes that are no answer
//   `close` / `open`              whether the server closed the connection (within the watch)
// `expect` is node:http's verdict, checked on every run; the simulator must give the same unless the case
// says `deliberate`, with its own verdict and why. `says` is what the simulator's refusal must name:
// where node:http refuses with a bare `400 Bad Request`, the simulator's refusal has a plain-text body
// naming the problem, by design, for every refused case (verdicts compare the status class only).
// `then`: `hold` (the default) keeps the connection open until the server closes it; `end` half-closes
// after the bytes. Timeouts use the suite's small limits (harness.ts SUITE_LIMITS), never the defaults.

export interface RequestCase {
  name: string;
  /** The bytes (latin1); several pieces are written `gapMs` apart. */
  send: string | string[];
  gapMs?: number;
  then?: 'end' | 'hold';
  /** node:http's verdict: the answers' tokens and `close`/`open`, joined by ", ". */
  expect: string;
  /** The simulator answers otherwise on purpose. */
  deliberate?: { verdict: string; why: string };
  /** A part of the simulator's plain-text refusal (it names the problem). */
  says?: string;
}

const GET = 'GET / HTTP/1.1\r\nHost: h\r\n\r\n';
const POST = 'POST / HTTP/1.1\r\nHost: h\r\n';
const CHUNKED = `${POST}Transfer-Encoding: chunked\r\n\r\n`;
const HEADER = (line: string) => `GET / HTTP/1.1\r\nHost: h\r\n${line}\r\n\r\n`;

export const REQUEST_CORPUS: RequestCase[] = [
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
  {
    name: 'Content-Length with leading zeros',
    send: `${POST}Content-Length: 005\r\n\r\nhello`,
    expect: '200 POST 5, close',
  },
  {
    name: 'Content-Length with a plus sign',
    send: `${POST}Content-Length: +5\r\n\r\nhello`,
    expect: '4xx, close',
  },
  { name: 'negative Content-Length', send: `${POST}Content-Length: -5\r\n\r\nhello`, expect: '4xx, close' },
  { name: 'Content-Length in hex', send: `${POST}Content-Length: 0x5\r\n\r\nhello`, expect: '4xx, close' },
  {
    name: 'Content-Length with a space inside',
    send: `${POST}Content-Length: 1 2\r\n\r\nhello`,
    expect: '4xx, close',
  },
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
  {
    name: 'Content-Length followed by a tab',
    send: `${POST}Content-Length: 5\t\r\n\r\nhello`,
    expect: '4xx, close',
    says: 'invalid Content-Length',
  },
  {
    name: 'Content-Length as a list of equal values',
    send: `${POST}Content-Length: 5, 5\r\n\r\nhello`,
    expect: '4xx, close',
  },
  { name: 'empty Content-Length', send: `${POST}Content-Length:\r\n\r\n`, expect: '4xx, close' },
  {
    name: 'Content-Length too large for any body',
    send: `${POST}Content-Length: 99999999999999999999\r\n\r\nhello`,
    expect: '4xx, close',
  },
  {
    name: 'two equal Content-Length lines',
    send: `${POST}Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello`,
    expect: '4xx, close',
    says: 'Content-Length given twice',
  },
  {
    name: 'two different Content-Length lines',
    send: `${POST}Content-Length: 5\r\nContent-Length: 3\r\n\r\nhello`,
    expect: '4xx, close',
    says: 'two different Content-Length values: 5 and 3',
  },
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

  // Chunked bodies
  {
    name: 'chunked body',
    send: `${CHUNKED}5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n`,
    expect: '200 POST 11, close',
  },
  {
    name: 'chunk size in upper-case hex',
    send: `${CHUNKED}A\r\n0123456789\r\n0\r\n\r\n`,
    expect: '200 POST 10, close',
  },
  {
    name: 'chunk size with leading zeros',
    send: `${CHUNKED}0005\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension',
    send: `${CHUNKED}5;name=value\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension with a quoted value',
    send: `${CHUNKED}5;name="a b"\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension without a value',
    send: `${CHUNKED}5;name\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension without a name',
    send: `${CHUNKED}5;=x\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'whitespace before a chunk extension',
    send: `${CHUNKED}5 ;name\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'whitespace after a chunk size',
  },
  {
    name: 'whitespace after the semicolon of a chunk extension',
    send: `${CHUNKED}5; a=b\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'space inside a chunk extension value',
    send: `${CHUNKED}5;a=b c\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'two chunk extensions',
    send: `${CHUNKED}5;a=b;c=d\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension with an escaped quote',
    send: `${CHUNKED}5;a="b\\"c"\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension with latin1 in quotes',
    send: `${CHUNKED}5;a="caf\xe9"\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'chunk extension with latin1 unquoted',
    send: `${CHUNKED}5;a=caf\xe9\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'chunk extension with an empty value',
    send: `${CHUNKED}5;a=\r\nhello\r\n0\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'semicolon with no chunk extension',
    send: `${CHUNKED}5;\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'text after a quoted chunk extension value',
    send: `${CHUNKED}5;a="b"c\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'two equals signs in a chunk extension',
    send: `${CHUNKED}5;a==b\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'unterminated quote in a chunk extension',
    send: `${CHUNKED}5;a="b\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk extension',
  },
  {
    name: 'control character in a quoted chunk extension',
    send: `${CHUNKED}5;a="\x01"\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'control character 0x01 in a chunk extension',
  },
  {
    name: 'chunk size followed by a space',
    send: `${CHUNKED}5 \r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'whitespace after a chunk size',
  },
  {
    name: 'chunk size preceded by a space',
    send: `${CHUNKED} 5\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed chunk size',
  },
  {
    name: 'chunk size followed by a tab',
    send: `${CHUNKED}5\t\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'whitespace after a chunk size',
  },
  { name: 'chunk size with a 0x prefix', send: `${CHUNKED}0x5\r\nhello\r\n0\r\n\r\n`, expect: '4xx, close' },
  { name: 'negative chunk size', send: `${CHUNKED}-5\r\nhello\r\n0\r\n\r\n`, expect: '4xx, close' },
  {
    name: 'chunk size past 64 bits',
    send: `${CHUNKED}10000000000000005\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'chunk size too large',
  },
  { name: 'chunk size that is not hex', send: `${CHUNKED}zz\r\nhello\r\n0\r\n\r\n`, expect: '4xx, close' },
  { name: 'empty chunk size line', send: `${CHUNKED}\r\nhello\r\n0\r\n\r\n`, expect: '4xx, close' },
  {
    name: 'chunk size line ending in a bare LF',
    send: `${CHUNKED}5\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare LF in a chunk size line',
  },
  {
    name: 'bare LF inside a chunk extension',
    send: `${CHUNKED}5;a\nb\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare LF in a chunk size line',
  },
  {
    name: 'bare CR inside a chunk extension',
    send: `${CHUNKED}5;a\rb\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare CR in a chunk extension',
  },
  {
    name: 'control character in a chunk extension',
    send: `${CHUNKED}5;a=\x01\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'control character 0x01 in a chunk extension',
  },
  {
    name: 'chunk data longer than its size',
    send: `${CHUNKED}3\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'chunk data longer than its chunk size',
  },
  {
    name: 'chunk data followed by a bare LF',
    send: `${CHUNKED}5\r\nhello\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare LF after chunk data',
  },
  {
    name: 'chunk data followed by CR CR LF',
    send: `${CHUNKED}5\r\nhello\r\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare CR after chunk data',
  },
  {
    name: 'last chunk line ending in a bare LF',
    send: `${CHUNKED}5\r\nhello\r\n0\n\r\n`,
    expect: '4xx, close',
    says: 'bare LF in a chunk size line',
  },
  {
    name: 'body ending in a bare LF',
    send: `${CHUNKED}5\r\nhello\r\n0\r\n\n`,
    expect: '4xx, close',
    says: 'bare LF in the trailer section',
  },
  {
    name: 'an empty line after the body',
    send: `${CHUNKED}5\r\nhello\r\n0\r\n\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'last chunk with an extension',
    send: `${CHUNKED}5\r\nhello\r\n0;x=1\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'trailer field after the last chunk',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n`,
    expect: '200 POST 5, close',
  },
  {
    name: 'trailer field ending in a bare LF',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: 1\n\r\n`,
    expect: '4xx, close',
    says: 'bare LF in the trailer section',
  },
  {
    name: 'trailer field with a control character',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: a\x01b\r\n\r\n`,
    expect: '4xx, close',
    says: 'control character 0x01 in trailer X-T',
  },
  {
    name: 'trailer line without a colon',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nnot a field\r\n\r\n`,
    expect: '4xx, close',
    says: 'trailer line without a colon',
  },
  {
    name: 'trailer field folded',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: 1\r\n folded\r\n\r\n`,
    expect: '4xx, close',
    says: 'obsolete line folding in a trailer',
  },
  {
    name: 'space before the colon of a trailer field',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nX-T : 1\r\n\r\n`,
    expect: '4xx, close',
    says: 'malformed trailer name',
  },
  {
    name: 'Content-Length as a trailer field',
    send: `${CHUNKED}5\r\nhello\r\n0\r\nContent-Length: 99\r\n\r\n`,
    expect: '4xx, close',
    says: 'Content-Length in the trailer section',
  },
  {
    name: 'last chunk missing, half-closed',
    send: `${CHUNKED}5\r\nhello\r\n`,
    then: 'end',
    expect: '4xx, close',
  },
  {
    name: 'chunk extensions over 16 KiB in one chunk',
    send: `${CHUNKED}5;x=${'a'.repeat(17 * 1024)}\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'chunk extensions over 16384 bytes',
  },
  {
    name: 'chunk extensions over 16 KiB across many chunks',
    send: `${CHUNKED}${`1;x=${'a'.repeat(1000)}\r\na\r\n`.repeat(20)}0\r\n\r\n`,
    expect: '200 POST 20, close',
  },
  {
    name: 'a hundred one-byte chunks',
    send: `${CHUNKED}${'1\r\na\r\n'.repeat(100)}0\r\n\r\n`,
    expect: '200 POST 100, close',
  },

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

  // Obsolete line folding
  {
    name: 'header value folded with a space',
    send: HEADER('X-A: one\r\n two'),
    expect: '4xx, close',
    says: 'obsolete line folding in a header',
  },
  { name: 'header value folded with a tab', send: HEADER('X-A: one\r\n\ttwo'), expect: '4xx, close' },
  {
    name: 'fold right after the request line',
    send: 'GET / HTTP/1.1\r\n folded\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  {
    name: 'Host folded onto the next line',
    send: 'GET / HTTP/1.1\r\nHost:\r\n h\r\n\r\n',
    expect: '4xx, close',
  },

  // Bare CR and LF
  {
    name: 'request line ending in a bare LF',
    send: 'GET / HTTP/1.1\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'bare LF in the request line',
  },
  {
    name: 'every line ending in a bare LF',
    send: 'GET / HTTP/1.1\nHost: h\n\n',
    expect: '4xx, close',
    says: 'bare LF in the request line',
  },
  {
    name: 'a header line ending in a bare LF',
    send: HEADER('X-A: 1\nX-B: 2'),
    expect: '4xx, close',
    says: 'bare LF in header X-A',
  },
  {
    name: 'blank line as a bare LF',
    send: 'GET / HTTP/1.1\r\nHost: h\r\n\n',
    expect: '4xx, close',
    says: 'bare LF in a header line',
  },
  {
    name: 'LF CR LF ending the head',
    send: 'GET / HTTP/1.1\r\nHost: h\n\r\n',
    expect: '4xx, close',
    says: 'bare LF in a header line',
  },
  {
    name: 'bare CR inside a header value',
    send: HEADER('X-A: a\rb'),
    expect: '4xx, close',
    says: 'bare CR in header X-A',
  },
  { name: 'bare CR ending a header line', send: HEADER('X-A: a\r\rX-B: b'), expect: '4xx, close' },
  { name: 'bare CR in the request line', send: 'GET /\r HTTP/1.1\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  {
    name: 'bare CR as every line ending',
    send: 'GET / HTTP/1.1\rHost: h\r\r',
    expect: '4xx, close',
    says: 'bare CR in the request line',
  },

  // Control characters and invalid bytes
  {
    name: 'NUL in a header value',
    send: HEADER('X-A: a\x00b'),
    expect: '4xx, close',
    says: 'NUL in header X-A',
  },
  {
    name: 'SOH (0x01) in a header value',
    send: HEADER('X-A: a\x01b'),
    expect: '4xx, close',
    says: 'control character 0x01 in header X-A',
  },
  {
    name: 'ESC in a header value',
    send: HEADER('X-A: a\x1bb'),
    expect: '4xx, close',
    says: 'control character 0x1b in header X-A',
  },
  {
    name: 'form feed in a header value',
    send: HEADER('X-A: a\x0cb'),
    expect: '4xx, close',
    says: 'control character 0x0c in header X-A',
  },
  {
    name: 'DEL in a header value',
    send: HEADER('X-A: a\x7fb'),
    expect: '4xx, close',
    says: 'control character 0x7f in header X-A',
  },
  { name: 'tab inside a header value', send: HEADER('X-A: a\tb'), expect: '200 GET 0, close' },
  { name: 'latin1 bytes in a header value', send: HEADER('X-A: caf\xe9'), expect: '200 GET 0, close' },
  { name: 'UTF-8 bytes in a header value', send: HEADER('X-A: caf\xc3\xa9'), expect: '200 GET 0, close' },
  { name: 'header value of whitespace only', send: HEADER('X-A:   '), expect: '200 GET 0, close' },
  { name: 'control character in a header name', send: HEADER('X-\x01A: 1'), expect: '4xx, close' },
  {
    name: 'NUL in the request target',
    send: 'GET /a\x00b HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  {
    name: 'SOH in the request target',
    send: 'GET /a\x01b HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  {
    name: 'DEL in the request target',
    send: 'GET /a\x7fb HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  { name: 'tab in the request target', send: 'GET /a\tb HTTP/1.1\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  {
    name: 'latin1 byte in the request target',
    send: 'GET /caf\xe9 HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'malformed request target: "/caf\\xe9"',
  },
  {
    name: 'control character in the method',
    send: 'G\x01T / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },

  // Tokens and the request line
  {
    name: 'unknown method',
    send: 'FOO / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'unknown method: "FOO"',
  },
  {
    name: 'lower-case method',
    send: 'get / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'unknown method: "get"',
  },
  {
    name: 'method with a non-token character',
    send: 'G(T / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  {
    name: 'WebDAV method PROPFIND',
    send: 'PROPFIND / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 PROPFIND 0, close',
  },
  {
    name: 'method QUERY with a body',
    send: 'QUERY / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nq1',
    expect: '200 QUERY 2, close',
  },
  {
    name: 'DELETE with a body',
    send: 'DELETE / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nd1',
    expect: '200 DELETE 2, close',
  },
  { name: 'space before the method', send: ' GET / HTTP/1.1\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  {
    name: 'two spaces after the method',
    send: 'GET  / HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
    deliberate: {
      verdict: '4xx, close',
      why: 'the request line has one SP between its parts (RFC 9112 §3); llhttp skips the extra space, the simulator names the malformed target so a client learns it before a stricter server refuses it',
    },
  },
  { name: 'space after the version', send: 'GET / HTTP/1.1 \r\nHost: h\r\n\r\n', expect: '4xx, close' },
  {
    name: 'tabs between the request line parts',
    send: 'GET\t/\tHTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
  },
  { name: 'header name with a space inside', send: HEADER('Bad Name: x'), expect: '4xx, close' },
  { name: 'empty header name', send: HEADER(': x'), expect: '4xx, close' },
  { name: 'header line without a colon', send: HEADER('no colon here'), expect: '4xx, close' },
  { name: 'header name with @', send: HEADER('X@Y: 1'), expect: '4xx, close' },
  { name: 'space before the colon', send: HEADER('X-A : 1'), expect: '4xx, close' },
  { name: 'tab before the colon', send: HEADER('X-A\t: 1'), expect: '4xx, close' },
  { name: 'header name with a latin1 byte', send: HEADER('X-\xe9: 1'), expect: '4xx, close' },
  { name: 'request target *', send: 'OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n', expect: '200 OPTIONS 0, close' },
  {
    name: 'absolute-form request target',
    send: 'GET http://h/p?q=1 HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
  },
  {
    name: 'request target without a leading slash',
    send: 'GET abc HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'request target is not a path',
  },
  {
    name: 'request target with a fragment',
    send: 'GET /a#b HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
  },
  { name: 'request target * on GET', send: 'GET * HTTP/1.1\r\nHost: h\r\n\r\n', expect: '200 GET 0, close' },
  {
    name: 'authority-form target on GET',
    send: 'GET h:80 HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'request target is not a path',
  },
  {
    name: 'CONNECT with an authority-form target',
    send: 'CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n',
    expect: 'close',
    deliberate: {
      verdict: '5xx, close',
      why: "node:http hands CONNECT to a 'connect' listener and, with none, closes without a word; the simulator is no proxy and says so with 501",
    },
    says: 'CONNECT is not supported',
  },
  {
    name: 'UTF-8 bytes in the request target',
    send: 'GET /caf\xc3\xa9 HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'malformed request target',
  },
  {
    name: 'https absolute-form target',
    send: 'GET https://h/x HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
  },
  {
    name: 'request target starting with two slashes',
    send: 'GET //x HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
  },
  {
    name: 'braces and a quote in the request target',
    send: 'GET /{a}"b HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
  },
  {
    name: 'Upgrade: websocket with no one to upgrade',
    send: HEADER('Upgrade: websocket\r\nConnection: Upgrade'),
    expect: '200 GET 0, close',
  },
  {
    name: 'GET with a body',
    send: 'GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nab',
    expect: '200 GET 2, close',
  },
  {
    name: 'Connection: close on a single GET',
    send: HEADER('Connection: close'),
    expect: '200 GET 0, close',
  },
  {
    name: 'request line with no target',
    send: 'GET HTTP/1.1\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'without a request target',
  },

  // Versions and Host
  { name: 'HTTP/1.0 without Host', send: 'GET / HTTP/1.0\r\n\r\n', expect: '200 GET 0, close' },
  {
    name: 'HTTP/1.0 keep-alive, two requests',
    send: 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET / HTTP/1.0\r\n\r\n',
    expect: '200 GET 0, 200 GET 0, close',
  },
  {
    name: 'HTTP/1.0 POST with a Content-Length body',
    send: 'POST / HTTP/1.0\r\nContent-Length: 2\r\n\r\nab',
    expect: '200 POST 2, close',
  },
  {
    name: 'HTTP/1.1 without Host',
    send: 'GET / HTTP/1.1\r\n\r\n',
    expect: '4xx, close',
    says: 'missing Host header',
  },
  { name: 'HTTP/1.1 with two Host headers', send: HEADER('Host: other'), expect: '200 GET 0, close' },
  {
    name: 'HTTP/1.1 with an empty Host',
    send: 'GET / HTTP/1.1\r\nHost:\r\n\r\n',
    expect: '200 GET 0, close',
  },
  {
    name: 'HTTP/0.9 request line',
    send: 'GET /\r\n\r\n',
    expect: '200 GET 0, close',
    deliberate: {
      verdict: '4xx, close',
      why: 'llhttp reads `GET /` as an HTTP/0.9 request and answers it; the simulator refuses a request line without a version, naming it: no client of these APIs speaks HTTP/0.9',
    },
    says: 'without an HTTP version',
  },
  {
    name: 'HTTP/1.2',
    send: 'GET / HTTP/1.2\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    says: 'HTTP version not supported: HTTP/1.2',
  },
  {
    name: 'HTTP/2.0',
    send: 'GET / HTTP/2.0\r\nHost: h\r\n\r\n',
    expect: '200 GET 0, close',
    deliberate: {
      verdict: '5xx, close',
      why: 'llhttp answers an HTTP/1 request line that says HTTP/2.0; the simulator answers 505 HTTP Version Not Supported (RFC 9110 §15.6.6), as for any major version other than 1',
    },
    says: 'HTTP version not supported: HTTP/2.0',
  },
  {
    name: 'HTTP/3.0',
    send: 'GET / HTTP/3.0\r\nHost: h\r\n\r\n',
    expect: '4xx, close',
    deliberate: {
      verdict: '5xx, close',
      why: '505 HTTP Version Not Supported (RFC 9110 §15.6.6) where llhttp answers 400: the status that names the problem',
    },
  },
  { name: 'version in lower case', send: 'GET / http/1.1\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  { name: 'version HTTP/1.10', send: 'GET / HTTP/1.10\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  { name: 'version HTTP/01.1', send: 'GET / HTTP/01.1\r\nHost: h\r\n\r\n', expect: '4xx, close' },
  { name: 'HTTP/2 connection preface', send: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', expect: '4xx, close' },

  // Limits
  { name: 'a 15 KB header', send: HEADER(`X-Big: ${'a'.repeat(15 * 1024)}`), expect: '200 GET 0, close' },
  {
    name: 'a 17 KB header',
    send: HEADER(`X-Big: ${'a'.repeat(17 * 1024)}`),
    expect: '4xx, close',
    says: 'exceed 16384 bytes',
  },
  {
    name: 'a 17 KB head in many headers',
    send: HEADER(Array.from({ length: 170 }, (_, i) => `X-H${i}: ${'b'.repeat(100)}`).join('\r\n')),
    expect: '4xx, close',
  },
  {
    name: 'a thousand short headers',
    send: HEADER(Array.from({ length: 1000 }, (_, i) => `X-${i}: v`).join('\r\n')),
    expect: '200 GET 0, close',
  },
  {
    name: 'an 8 KB request target',
    send: `GET /${'p'.repeat(8 * 1024)} HTTP/1.1\r\nHost: h\r\n\r\n`,
    expect: '200 GET 0, close',
  },
  {
    name: 'a 17 KB request target',
    send: `GET /${'p'.repeat(17 * 1024)} HTTP/1.1\r\nHost: h\r\n\r\n`,
    expect: '4xx, close',
  },
  {
    name: 'a 17 KB head arriving in pieces',
    send: ['GET / HTTP/1.1\r\nHost: h\r\n', `X-A: ${'a'.repeat(9000)}\r\n`, `X-B: ${'b'.repeat(9000)}\r\n`],
    gapMs: 20,
    expect: '4xx, close',
  },
  {
    name: 'a 20 KB body',
    send: `${POST}Content-Length: 20480\r\n\r\n${'z'.repeat(20480)}`,
    expect: '200 POST 20480, close',
  },

  // Pipelining
  { name: 'two GETs in one write', send: GET + GET, expect: '200 GET 0, 200 GET 0, close' },
  {
    name: 'three GETs, the second with Connection: close',
    send: `${GET}GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n${GET}`,
    expect: '4xx, close',
    deliberate: {
      verdict: '200 GET 0, 200 GET 0, close',
      why: 'llhttp refuses bytes after a Connection: close request and node:http then drops the answers still owed; the simulator answers the requests up to the close and ignores the rest (RFC 9112 §9.6)',
    },
  },
  {
    name: 'POST with a body, then GET',
    send: `${POST}Content-Length: 2\r\n\r\nab${GET}`,
    expect: '200 POST 2, 200 GET 0, close',
  },
  {
    name: 'chunked POST, then GET',
    send: `${CHUNKED}2\r\nab\r\n0\r\n\r\n${GET}`,
    expect: '200 POST 2, 200 GET 0, close',
  },
  {
    name: 'ten GETs in one write',
    send: GET.repeat(10),
    expect:
      '200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, 200 GET 0, close',
  },
  {
    name: 'GET, then a malformed request',
    send: `${GET}NONSENSE\r\n\r\n`,
    expect: '4xx, close',
    deliberate: {
      verdict: '200 GET 0, 4xx, close',
      why: "node:http's refusal of the second request drops the answer owed to the first; the simulator answers every complete request in order, then refuses",
    },
  },
  {
    name: 'CRLF between pipelined requests',
    send: `${GET}\r\n${GET}`,
    expect: '200 GET 0, 200 GET 0, close',
  },
  { name: 'empty lines before the request line', send: `\r\n\r\n${GET}`, expect: '200 GET 0, close' },
  { name: 'bare LF before the request line', send: `\n${GET}`, expect: '200 GET 0, close' },
  { name: 'bare CRs before the request line', send: `\r\r${GET}`, expect: '200 GET 0, close' },
  {
    name: 'second request arriving later',
    send: [GET, GET],
    gapMs: 50,
    expect: '200 GET 0, 200 GET 0, close',
  },

  // Expect
  {
    name: 'Expect: 100-continue with the body sent at once',
    send: `${POST}Content-Length: 2\r\nExpect: 100-continue\r\n\r\nab`,
    expect: '100, 200 POST 2, close',
  },
  {
    name: 'Expect: 100-continue, body after a pause',
    send: [`${POST}Content-Length: 2\r\nExpect: 100-continue\r\n\r\n`, 'ab'],
    gapMs: 50,
    expect: '100, 200 POST 2, close',
  },
  {
    name: 'Expect: 100-continue on a GET without a body',
    send: HEADER('Expect: 100-continue'),
    expect: '100, 200 GET 0, close',
    deliberate: {
      verdict: '200 GET 0, close',
      why: 'with no body to invite, the simulator sends no 100 (RFC 9110 §10.1.1 lets a server omit it when the framing says there is no content)',
    },
  },
  {
    name: 'Expect: 100-continue in HTTP/1.0',
    send: 'POST / HTTP/1.0\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\nab',
    expect: '200 POST 2, close',
  },
  {
    name: 'Expect: 100-Continue in mixed case',
    send: `${POST}Content-Length: 2\r\nExpect: 100-Continue\r\n\r\nab`,
    expect: '100, 200 POST 2, close',
  },
  {
    name: 'an unknown expectation',
    send: `${POST}Content-Length: 2\r\nExpect: magic\r\n\r\nab`,
    expect: '4xx, close',
    says: 'unsupported expectation',
  },
  {
    name: 'an unknown expectation in HTTP/1.0',
    send: 'POST / HTTP/1.0\r\nContent-Length: 2\r\nExpect: magic\r\n\r\nab',
    expect: '200 POST 2, close',
  },
  { name: 'an empty expectation', send: HEADER('Expect:'), expect: '4xx, close' },
  {
    name: '100-continue among other expectations',
    send: `${POST}Content-Length: 2\r\nExpect: 100-continue, foo\r\n\r\nab`,
    expect: '100, 200 POST 2, close',
  },

  // Half-closed connections
  { name: 'GET, then half-close', send: GET, then: 'end', expect: '200 GET 0, close' },
  { name: 'two GETs, then half-close', send: GET + GET, then: 'end', expect: '200 GET 0, 200 GET 0, close' },
  {
    name: 'half a request line, then half-close',
    send: 'GET / HT',
    then: 'end',
    expect: '4xx, close',
    says: 'the connection ended in the middle of a request',
  },
  {
    name: 'half the headers, then half-close',
    send: 'GET / HTTP/1.1\r\nHost: h\r\n',
    then: 'end',
    expect: '4xx, close',
  },
  { name: 'nothing, then half-close', send: '', then: 'end', expect: 'close' },
  { name: 'only a CRLF, then half-close', send: '\r\n', then: 'end', expect: 'close' },
  {
    name: 'HTTP/1.0 keep-alive GET, then half-close',
    send: 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n',
    then: 'end',
    expect: '200 GET 0, close',
  },

  // Time limits (SUITE_LIMITS: head 800 ms, request 1600 ms, idle 500 ms; pieces come less than idle apart)
  { name: 'request line only, held', send: 'GET / HTTP/1.1\r\n', expect: 'timeout, close' },
  {
    name: 'a head never finished, held',
    send: 'GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n',
    expect: 'timeout, close',
  },
  {
    name: 'a head dripped past the head time limit',
    send: GET.match(/.{1,2}/gs)!,
    gapMs: 150,
    expect: 'timeout, close',
    says: 'request head not received within 800 ms',
  },
  {
    name: 'a head arriving slowly within the time limit',
    send: ['GET / HTTP/1.1\r\n', 'Host: h\r\n', '\r\n'],
    gapMs: 60,
    expect: '200 GET 0, close',
  },
  {
    name: 'a body dripped past the request time limit',
    send: [`${POST}Content-Length: 20\r\n\r\n`, ...'abcdefghijklmnopqrst'.split('')],
    gapMs: 150,
    expect: 'timeout, close',
    says: 'request not received within 1600 ms',
  },
  { name: 'a body never sent, held', send: `${POST}Content-Length: 5\r\n\r\n`, expect: 'timeout, close' },
  { name: 'a chunked body stopping mid-chunk, held', send: `${CHUNKED}5\r\nhel`, expect: 'timeout, close' },
];
