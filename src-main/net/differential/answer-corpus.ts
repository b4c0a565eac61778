// Raw answers for the differential suite (client-differential.test.ts): each is served by a raw socket
// server to the simulator's client and to node:http's client (llhttp), and each client's verdict is
// compared with the corpus:
//   `<status> <body>`  the client delivered the answer (the body as latin1 text)
//   `error`            the client refused the answer or lost the connection
//   `timeout`          no whole answer within the clients' time limit (harness.ts CLIENT_TIMEOUT_MS)
// `expect` is node:http's verdict, checked on every run; the simulator's client must give the same unless
// the case says `deliberate`, with its verdict and why. `says` is what the simulator's error must name
// (node:http's client says `Parse Error` with an llhttp code; the simulator's words are its own).
// `then`: after the answer the server closes (`end`, the default), keeps the connection (`hold`) or
// resets it (`reset`). `method` is the request's (GET unless given).

export interface AnswerCase {
  name: string;
  method?: string;
  /** The answer's bytes (latin1); several pieces are written `gapMs` apart. */
  answer: string | string[];
  gapMs?: number;
  then?: 'end' | 'hold' | 'reset';
  /** node:http's client's verdict. */
  expect: string;
  deliberate?: { verdict: string; why: string };
  /** A part of the simulator's error detail (it names the problem). */
  says?: string;
}

const OK = 'HTTP/1.1 200 OK\r\n';
const CHUNKED = `${OK}Transfer-Encoding: chunked\r\n\r\n`;
const WITH = (line: string, body = 'hello') =>
  `${OK}${line}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

export const ANSWER_CORPUS: AnswerCase[] = [
  // Framing
  { name: 'Content-Length body', answer: `${OK}Content-Length: 5\r\n\r\nhello`, expect: '200 hello' },
  {
    name: 'Content-Length body, connection kept',
    answer: `${OK}Content-Length: 5\r\n\r\nhello`,
    then: 'hold',
    expect: '200 hello',
  },
  { name: 'Content-Length: 0', answer: `${OK}Content-Length: 0\r\n\r\n`, expect: '200 ' },
  { name: 'body until the connection closes', answer: `${OK}\r\nhello`, expect: '200 hello' },
  { name: 'body until close in HTTP/1.0', answer: 'HTTP/1.0 200 OK\r\n\r\nhello', expect: '200 hello' },
  { name: 'close-delimited body, never closed', answer: `${OK}\r\nhello`, then: 'hold', expect: 'timeout' },
  { name: '204 without a body', answer: 'HTTP/1.1 204 No Content\r\n\r\n', expect: '204 ' },
  {
    name: '204 with a Content-Length',
    answer: 'HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n',
    expect: '204 ',
  },
  {
    name: '304 with a Content-Length',
    answer: 'HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n',
    expect: '304 ',
  },
  {
    name: 'HEAD answered with a Content-Length',
    method: 'HEAD',
    answer: `${OK}Content-Length: 5\r\n\r\n`,
    expect: '200 ',
  },
  {
    name: 'HEAD answered with Transfer-Encoding',
    method: 'HEAD',
    answer: `${OK}Transfer-Encoding: chunked\r\n\r\n`,
    expect: '200 ',
  },
  {
    name: 'Content-Length with leading zeros',
    answer: `${OK}Content-Length: 005\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'Content-Length with a plus sign',
    answer: `${OK}Content-Length: +5\r\n\r\nhello`,
    expect: 'error',
  },
  { name: 'negative Content-Length', answer: `${OK}Content-Length: -5\r\n\r\nhello`, expect: 'error' },
  {
    name: 'Content-Length that is not a number',
    answer: `${OK}Content-Length: five\r\n\r\nhello`,
    expect: 'error',
  },
  {
    name: 'Content-Length with a space inside',
    answer: `${OK}Content-Length: 1 2\r\n\r\nhello`,
    expect: 'error',
  },
  {
    name: 'Content-Length followed by a space',
    answer: `${OK}Content-Length: 5 \r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'Content-Length followed by a tab',
    answer: `${OK}Content-Length: 5\t\r\n\r\nhello`,
    expect: 'error',
    says: 'invalid Content-Length: "5\\t"',
  },
  {
    name: 'Content-Length as a list of equal values',
    answer: `${OK}Content-Length: 5, 5\r\n\r\nhello`,
    expect: 'error',
  },
  { name: 'empty Content-Length', answer: `${OK}Content-Length:\r\n\r\nhello`, expect: 'error' },
  {
    name: 'Content-Length too large for any body',
    answer: `${OK}Content-Length: 99999999999999999999\r\n\r\nhello`,
    expect: 'error',
  },
  {
    name: 'two equal Content-Length lines',
    answer: `${OK}Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello`,
    expect: 'error',
    says: 'Content-Length given twice',
  },
  {
    name: 'two different Content-Length lines',
    answer: `${OK}Content-Length: 5\r\nContent-Length: 3\r\n\r\nhello`,
    expect: 'error',
    says: 'two different Content-Length values: 5 and 3',
  },
  {
    name: 'Content-Length and Transfer-Encoding',
    answer: `${OK}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'both Content-Length and Transfer-Encoding',
  },
  {
    name: 'Transfer-Encoding and Content-Length',
    answer: `${OK}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'both Content-Length and Transfer-Encoding',
  },
  {
    name: 'body shorter than its Content-Length, closed',
    answer: `${OK}Content-Length: 10\r\n\r\nhello`,
    expect: 'error',
    says: 'the connection closed before the answer was complete',
  },
  {
    name: 'body shorter than its Content-Length, held',
    answer: `${OK}Content-Length: 10\r\n\r\nhello`,
    then: 'hold',
    expect: 'timeout',
  },
  {
    name: 'bytes past the Content-Length',
    answer: `${OK}Content-Length: 3\r\n\r\nhello`,
    expect: 'error',
    says: '2 bytes past its end (its Content-Length is 3)',
  },
  {
    name: 'answer in pieces',
    answer: ['HTTP/1.1 2', '00 OK\r\nContent-Le', 'ngth: 5\r\n\r\nhe', 'llo'],
    gapMs: 20,
    expect: '200 hello',
  },
  {
    name: 'a 200 KB body',
    answer: `${OK}Content-Length: 204800\r\n\r\n${'x'.repeat(204800)}`,
    expect: '200 [204800 bytes]',
  },

  {
    name: 'a 2 MB body',
    answer: `${OK}Content-Length: 2097152\r\n\r\n${'x'.repeat(2097152)}`,
    expect: '200 [2097152 bytes]',
    deliberate: {
      verdict: 'error',
      why: 'the simulator reads at most 1 MB of an answer to its calls (callback-client.ts MAX_ANSWER) and records the call as failed, naming the size',
    },
    says: 'larger than 1048576 bytes',
  },

  // Chunked
  {
    name: 'chunked body',
    answer: `${CHUNKED}5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n`,
    expect: '200 hello world',
  },
  {
    name: 'chunk size in upper-case hex',
    answer: `${CHUNKED}A\r\n0123456789\r\n0\r\n\r\n`,
    expect: '200 0123456789',
  },
  {
    name: 'chunk size with leading zeros',
    answer: `${CHUNKED}0005\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  { name: 'chunk extension', answer: `${CHUNKED}5;name=value\r\nhello\r\n0\r\n\r\n`, expect: '200 hello' },
  {
    name: 'chunk extension with a quoted value',
    answer: `${CHUNKED}5;name="a b"\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  {
    name: 'chunk size followed by a space',
    answer: `${CHUNKED}5 \r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'whitespace after a chunk size',
  },
  {
    name: 'whitespace before a chunk extension',
    answer: `${CHUNKED}5 ;a=b\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'whitespace after a chunk size',
  },
  { name: 'chunk size that is not hex', answer: `${CHUNKED}zz\r\nhello\r\n0\r\n\r\n`, expect: 'error' },
  {
    name: 'chunk size past 64 bits',
    answer: `${CHUNKED}10000000000000005\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
  },
  { name: 'chunk size line ending in a bare LF', answer: `${CHUNKED}5\nhello\r\n0\r\n\r\n`, expect: 'error' },
  {
    name: 'bare LF inside a chunk extension',
    answer: `${CHUNKED}5;a\nb\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'bare LF in a chunk size line',
  },
  {
    name: 'control character in a chunk extension',
    answer: `${CHUNKED}5;a=\x01\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'control character 0x01 in a chunk extension',
  },
  { name: 'chunk data longer than its size', answer: `${CHUNKED}3\r\nhello\r\n0\r\n\r\n`, expect: 'error' },
  { name: 'chunk data followed by a bare LF', answer: `${CHUNKED}5\r\nhello\n0\r\n\r\n`, expect: 'error' },
  { name: 'trailer fields', answer: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n`, expect: '200 hello' },
  {
    name: 'trailer field with a control character',
    answer: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: a\x01b\r\n\r\n`,
    expect: 'error',
    says: 'control character 0x01 in trailer X-T',
  },
  {
    name: 'trailer line without a colon',
    answer: `${CHUNKED}5\r\nhello\r\n0\r\nnot a field\r\n\r\n`,
    expect: 'error',
    says: 'trailer line without a colon',
  },
  { name: 'last chunk missing, closed', answer: `${CHUNKED}5\r\nhello\r\n`, expect: 'error' },
  { name: 'last chunk missing, held', answer: `${CHUNKED}5\r\nhello\r\n`, then: 'hold', expect: 'timeout' },
  {
    name: 'chunk extensions over 16 KiB',
    answer: `${CHUNKED}5;x=${'a'.repeat(17 * 1024)}\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'chunk extensions over 16384 bytes',
  },
  {
    name: 'a thousand one-byte chunks',
    answer: `${CHUNKED}${'1\r\na\r\n'.repeat(1000)}0\r\n\r\n`,
    expect: '200 [1000 bytes]',
  },
  {
    name: 'Transfer-Encoding: gzip, chunked',
    answer: `${OK}Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding: chunked, gzip (until close)',
    answer: `${OK}Transfer-Encoding: chunked, gzip\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding: gzip (until close)',
    answer: `${OK}Transfer-Encoding: gzip\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding: identity',
    answer: `${OK}Transfer-Encoding: identity\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding in upper case',
    answer: `${OK}Transfer-Encoding: CHUNKED\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding: chunked, chunked',
    answer: `${OK}Transfer-Encoding: chunked, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding over two header lines',
    answer: `${OK}Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: '200 hello',
  },
  {
    name: 'Transfer-Encoding after a vertical tab',
    answer: `${OK}Transfer-Encoding:\x0bchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'control character 0x0b in header Transfer-Encoding',
  },
  {
    name: 'chunked in an HTTP/1.0 answer',
    answer: 'HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    expect: '200 hello',
  },

  // The status line
  {
    name: 'status line without a reason',
    answer: 'HTTP/1.1 200\r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  {
    name: 'status line with an empty reason',
    answer: 'HTTP/1.1 200 \r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  {
    name: 'status 201 with a reason of many words',
    answer: 'HTTP/1.1 201 Created It Is\r\nContent-Length: 5\r\n\r\nhello',
    expect: '201 hello',
  },
  { name: 'two-digit status', answer: 'HTTP/1.1 20 OK\r\nContent-Length: 5\r\n\r\nhello', expect: 'error' },
  {
    name: 'four-digit status',
    answer: 'HTTP/1.1 2000 OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  {
    name: 'status that is not a number',
    answer: 'HTTP/1.1 abc OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  { name: 'status 600', answer: 'HTTP/1.1 600 Odd\r\nContent-Length: 5\r\n\r\nhello', expect: '600 hello' },
  { name: 'status 099', answer: 'HTTP/1.1 099 Odd\r\nContent-Length: 5\r\n\r\nhello', expect: '99 hello' },
  {
    name: 'HTTP/2 in the status line',
    answer: 'HTTP/2 200 OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  {
    name: 'HTTP/1.2 in the status line',
    answer: 'HTTP/1.2 200 OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  {
    name: 'version in lower case',
    answer: 'http/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  {
    name: 'two spaces before the status',
    answer: 'HTTP/1.1  200 OK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
  },
  {
    name: 'status line ending in a bare LF',
    answer: 'HTTP/1.1 200 OK\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
    says: 'bare LF in the status line',
  },
  {
    name: 'every line ending in a bare LF',
    answer: 'HTTP/1.1 200 OK\nContent-Length: 5\n\nhello',
    expect: 'error',
    says: 'bare LF in the status line',
  },
  {
    name: 'bare LF ending the head',
    answer: 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\nhello',
    expect: 'error',
    says: 'bare LF in a header line',
  },
  {
    name: 'control character in the reason',
    answer: 'HTTP/1.1 200 O\x01K\r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  {
    name: 'latin1 bytes in the reason',
    answer: 'HTTP/1.1 200 D\xe9j\xe0\r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  {
    name: 'tab in the reason',
    answer: 'HTTP/1.1 200 O\tK\r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  {
    name: 'bare CR in the reason',
    answer: 'HTTP/1.1 200 O\rK\r\nContent-Length: 5\r\n\r\nhello',
    expect: 'error',
    says: 'bare CR in the status line',
  },
  {
    name: 'NUL in the status line',
    answer: 'HTTP/1.1 200 O\x00K\r\nContent-Length: 5\r\n\r\nhello',
    expect: '200 hello',
  },
  { name: 'ICY status line', answer: 'ICY 200 OK\r\nContent-Length: 5\r\n\r\nhello', expect: 'error' },
  {
    name: 'not HTTP at all',
    answer: 'NOT HTTP AT ALL\r\n\r\n',
    expect: 'error',
    says: 'malformed status line',
  },
  {
    name: 'status 500 with a body',
    answer: 'HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\n\r\noops',
    expect: '500 oops',
  },
  { name: 'status 404 until close', answer: 'HTTP/1.1 404 Not Found\r\n\r\nnope', expect: '404 nope' },

  // Header lines
  { name: 'header value folded with a space', answer: WITH('X-A: one\r\n two'), expect: 'error' },
  { name: 'header value folded with a tab', answer: WITH('X-A: one\r\n\ttwo'), expect: 'error' },
  {
    name: 'SOH (0x01) in a header value',
    answer: WITH('X-A: a\x01b'),
    expect: 'error',
    says: 'control character 0x01 in header X-A',
  },
  { name: 'NUL in a header value', answer: WITH('X-A: a\x00b'), expect: 'error' },
  {
    name: 'ESC in a header value',
    answer: WITH('X-A: a\x1bb'),
    expect: 'error',
    says: 'control character 0x1b in header X-A',
  },
  {
    name: 'DEL in a header value',
    answer: WITH('X-A: a\x7fb'),
    expect: 'error',
    says: 'control character 0x7f in header X-A',
  },
  { name: 'tab inside a header value', answer: WITH('X-A: a\tb'), expect: '200 hello' },
  { name: 'latin1 bytes in a header value', answer: WITH('X-A: caf\xe9'), expect: '200 hello' },
  { name: 'bare CR inside a header value', answer: WITH('X-A: a\rb'), expect: 'error' },
  {
    name: 'a header line ending in a bare LF',
    answer: WITH('X-A: 1\nX-B: 2'),
    expect: 'error',
    says: 'bare LF in header X-A',
  },
  { name: 'header name with a space inside', answer: WITH('Bad Name: x'), expect: 'error' },
  { name: 'header name with @', answer: WITH('X@Y: 1'), expect: 'error' },
  { name: 'space before the colon', answer: WITH('X-A : 1'), expect: 'error' },
  { name: 'empty header name', answer: WITH(': x'), expect: 'error' },
  { name: 'header line without a colon', answer: WITH('no colon here'), expect: 'error' },
  { name: 'control character in a header name', answer: WITH('X-\x01A: 1'), expect: 'error' },
  { name: 'empty header value', answer: WITH('X-Empty:'), expect: '200 hello' },
  { name: 'colon inside a header value', answer: WITH('Location: http://h:1/a'), expect: '200 hello' },
  { name: 'Set-Cookie twice', answer: WITH('Set-Cookie: a=1\r\nSet-Cookie: b=2'), expect: '200 hello' },
  { name: 'a 15 KB header', answer: WITH(`X-Big: ${'a'.repeat(15 * 1024)}`), expect: '200 hello' },
  {
    name: 'a 17 KB header',
    answer: WITH(`X-Big: ${'a'.repeat(17 * 1024)}`),
    expect: 'error',
    says: 'status line and headers over 16384 bytes',
  },
  {
    name: 'a 17 KB head in many headers',
    answer: WITH(Array.from({ length: 170 }, (_, i) => `X-H${i}: ${'b'.repeat(100)}`).join('\r\n')),
    expect: 'error',
  },
  { name: 'Connection: close with a Content-Length', answer: WITH('Connection: close'), expect: '200 hello' },
  {
    name: 'Connection: keep-alive in HTTP/1.0',
    answer: `HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 5\r\n\r\nhello`,
    then: 'hold',
    expect: '200 hello',
  },

  // Interim answers
  {
    name: '100 Continue, then 200',
    answer: `HTTP/1.1 100 Continue\r\n\r\n${OK}Content-Length: 5\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: '102 Processing, then 200',
    answer: `HTTP/1.1 102 Processing\r\n\r\n${OK}Content-Length: 5\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: '103 Early Hints with a header, then 200',
    answer: `HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n${OK}Content-Length: 5\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'three interim answers, then 200',
    answer: `${'HTTP/1.1 100 Continue\r\n\r\n'.repeat(3)}${OK}Content-Length: 5\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'interim answer in its own write',
    answer: ['HTTP/1.1 100 Continue\r\n\r\n', `${OK}Content-Length: 5\r\n\r\nhello`],
    gapMs: 30,
    expect: '200 hello',
  },
  {
    name: '101 Switching Protocols unasked',
    answer: 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n',
    expect: 'timeout',
    deliberate: {
      verdict: 'error',
      why: "node:http's client hands a 101 to an 'upgrade' listener and, with none, waits until it times out; the simulator asked for no upgrade and names the broken answer at once",
    },
    says: '101 Switching Protocols to a request that asked for no upgrade',
  },
  { name: 'interim answer only, then close', answer: 'HTTP/1.1 100 Continue\r\n\r\n', expect: 'error' },

  // The connection
  { name: 'no answer, closed', answer: '', expect: 'error' },
  { name: 'no answer, reset', answer: '', then: 'reset', expect: 'error' },
  { name: 'no answer, held', answer: '', then: 'hold', expect: 'timeout' },
  {
    name: 'half a status line, closed',
    answer: 'HTTP/1.1 20',
    expect: 'error',
    says: "in the middle of the answer's head",
  },
  {
    name: 'a head without its blank line, closed',
    answer: `${OK}Content-Length: 5\r\n`,
    expect: 'error',
    says: "in the middle of the answer's head",
  },
  {
    name: 'a head without its blank line, held',
    answer: `${OK}Content-Length: 5\r\n`,
    then: 'hold',
    expect: 'timeout',
  },
  {
    name: 'whole answer, then reset',
    answer: `${OK}Content-Length: 5\r\n\r\nhello`,
    then: 'reset',
    expect: '200 hello',
  },
  {
    name: 'answer dripped within the time limit',
    answer: [`${OK}Content-Length: 5\r\n\r\n`, 'he', 'llo'],
    gapMs: 50,
    expect: '200 hello',
  },
  {
    name: 'empty lines before the status line',
    answer: `\r\n\r\n${OK}Content-Length: 5\r\n\r\nhello`,
    expect: '200 hello',
  },
  {
    name: 'a second answer nobody asked for',
    answer: `${OK}Content-Length: 5\r\n\r\nhello${OK}Content-Length: 5\r\n\r\nextra`,
    expect: '200 hello',
  },
];
