// Inputs both sides of the differential suite meet, as an answer's framing or header line (answers-framing.ts,
// answers-head.ts) and as a request's (requests-framing.ts, requests-chunked.ts, requests-syntax.ts): the
// same bytes after the start line, which node:http takes or refuses alike in both directions. Each side builds its cases from them with its own
// start line and its own verdict words (sideCases with answer-case.ts answerOf and answerWithLine, request-case.ts requestOf and requestWithLine).

export interface BothSidesInput {
  name: string;
  /** The bytes after the start line (and the request's Host line): the rest of the head, and the body. */
  rest: string;
  /** The body node:http delivers (as latin1 text), or null: it refuses the message. */
  delivers: string | null;
  /** A part of the simulator's words, the same on both sides; a side can give its own (`says` there). */
  says?: string;
}

/**
 * One side's cases of `inputs`: `build` makes a case's bytes and verdict; the simulator's words are the
 * side's own from `says` (by name) where it has them, else the input's.
 */
export function sideCases<I extends { name: string; says?: string }, C extends object>(
  inputs: readonly I[],
  build: (i: I) => C,
  says: Readonly<Record<string, string>> = {},
): (C & { says?: string })[] {
  return inputs.map((i) => {
    const words = says[i.name] ?? i.says;
    return words === undefined ? build(i) : { ...build(i), says: words };
  });
}

/** Content-Length values both directions read alike (RFC 9110 §8.6). */
export const LENGTH_INPUTS: BothSidesInput[] = [
  { name: 'Content-Length with leading zeros', rest: 'Content-Length: 005\r\n\r\nhello', delivers: 'hello' },
  { name: 'Content-Length with a plus sign', rest: 'Content-Length: +5\r\n\r\nhello', delivers: null },
  { name: 'negative Content-Length', rest: 'Content-Length: -5\r\n\r\nhello', delivers: null },
  { name: 'Content-Length with a space inside', rest: 'Content-Length: 1 2\r\n\r\nhello', delivers: null },
  { name: 'Content-Length followed by a tab', rest: 'Content-Length: 5\t\r\n\r\nhello', delivers: null },
  {
    name: 'Content-Length as a list of equal values',
    rest: 'Content-Length: 5, 5\r\n\r\nhello',
    delivers: null,
  },
  {
    name: 'Content-Length too large for any body',
    rest: 'Content-Length: 99999999999999999999\r\n\r\nhello',
    delivers: null,
  },
  {
    name: 'two equal Content-Length lines',
    rest: 'Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello',
    delivers: null,
    says: 'Content-Length given twice',
  },
  {
    name: 'two different Content-Length lines',
    rest: 'Content-Length: 5\r\nContent-Length: 3\r\n\r\nhello',
    delivers: null,
    says: 'two different Content-Length values: 5 and 3',
  },
];

const CHUNKED = 'Transfer-Encoding: chunked\r\n\r\n';

/** Chunked bodies both directions read alike (RFC 9112 §7.1). */
export const CHUNKED_INPUTS: BothSidesInput[] = [
  { name: 'chunked body', rest: `${CHUNKED}5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n`, delivers: 'hello world' },
  {
    name: 'chunk size in upper-case hex',
    rest: `${CHUNKED}A\r\n0123456789\r\n0\r\n\r\n`,
    delivers: '0123456789',
  },
  { name: 'chunk size with leading zeros', rest: `${CHUNKED}0005\r\nhello\r\n0\r\n\r\n`, delivers: 'hello' },
  { name: 'chunk extension', rest: `${CHUNKED}5;name=value\r\nhello\r\n0\r\n\r\n`, delivers: 'hello' },
  {
    name: 'chunk extension with a quoted value',
    rest: `${CHUNKED}5;name="a b"\r\nhello\r\n0\r\n\r\n`,
    delivers: 'hello',
  },
  {
    name: 'chunk size followed by a space',
    rest: `${CHUNKED}5 \r\nhello\r\n0\r\n\r\n`,
    delivers: null,
    says: 'whitespace after a chunk size',
  },
  { name: 'chunk size that is not hex', rest: `${CHUNKED}zz\r\nhello\r\n0\r\n\r\n`, delivers: null },
  {
    name: 'chunk size past 64 bits',
    rest: `${CHUNKED}10000000000000005\r\nhello\r\n0\r\n\r\n`,
    delivers: null,
  },
  { name: 'chunk size line ending in a bare LF', rest: `${CHUNKED}5\nhello\r\n0\r\n\r\n`, delivers: null },
  {
    name: 'bare LF inside a chunk extension',
    rest: `${CHUNKED}5;a\nb\r\nhello\r\n0\r\n\r\n`,
    delivers: null,
    says: 'bare LF in a chunk size line',
  },
  {
    name: 'control character in a chunk extension',
    rest: `${CHUNKED}5;a=\x01\r\nhello\r\n0\r\n\r\n`,
    delivers: null,
    says: 'control character 0x01 in a chunk extension',
  },
  { name: 'chunk data longer than its size', rest: `${CHUNKED}3\r\nhello\r\n0\r\n\r\n`, delivers: null },
  { name: 'chunk data followed by a bare LF', rest: `${CHUNKED}5\r\nhello\n0\r\n\r\n`, delivers: null },
  {
    name: 'trailer field with a control character',
    rest: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: a\x01b\r\n\r\n`,
    delivers: null,
    says: 'control character 0x01 in trailer X-T',
  },
  {
    name: 'trailer line without a colon',
    rest: `${CHUNKED}5\r\nhello\r\n0\r\nnot a field\r\n\r\n`,
    delivers: null,
    says: 'trailer line without a colon',
  },
];

/** A header line both sides meet: in an answer with a body, or in a GET without one. */
export interface HeaderLineInput {
  name: string;
  /** The header line(s), without the last line ending. */
  line: string;
  /** Whether node:http takes the message. */
  takes: boolean;
  /** A part of the simulator's words, the same on both sides; a side can give its own (`says` there). */
  says?: string;
}

/** Header lines both directions read alike (RFC 9110 §5, RFC 9112 §5). */
export const HEADER_LINE_INPUTS: HeaderLineInput[] = [
  { name: 'header value folded with a space', line: 'X-A: one\r\n two', takes: false },
  { name: 'header value folded with a tab', line: 'X-A: one\r\n\ttwo', takes: false },
  {
    name: 'SOH (0x01) in a header value',
    line: 'X-A: a\x01b',
    takes: false,
    says: 'control character 0x01 in header X-A',
  },
  { name: 'NUL in a header value', line: 'X-A: a\x00b', takes: false },
  {
    name: 'ESC in a header value',
    line: 'X-A: a\x1bb',
    takes: false,
    says: 'control character 0x1b in header X-A',
  },
  {
    name: 'DEL in a header value',
    line: 'X-A: a\x7fb',
    takes: false,
    says: 'control character 0x7f in header X-A',
  },
  { name: 'tab inside a header value', line: 'X-A: a\tb', takes: true },
  { name: 'latin1 bytes in a header value', line: 'X-A: caf\xe9', takes: true },
  { name: 'bare CR inside a header value', line: 'X-A: a\rb', takes: false },
  {
    name: 'a header line ending in a bare LF',
    line: 'X-A: 1\nX-B: 2',
    takes: false,
    says: 'bare LF in header X-A',
  },
  { name: 'header name with a space inside', line: 'Bad Name: x', takes: false },
  { name: 'header name with @', line: 'X@Y: 1', takes: false },
  { name: 'space before the colon', line: 'X-A : 1', takes: false },
  { name: 'empty header name', line: ': x', takes: false },
  { name: 'header line without a colon', line: 'no colon here', takes: false },
  { name: 'control character in a header name', line: 'X-\x01A: 1', takes: false },
];

/** Heads near the 16 KiB limit both directions keep (RFC 9112 §2.3 leaves the limit to each side; here the same). */
export const HEAD_SIZE_INPUTS: HeaderLineInput[] = [
  { name: 'a 15 KB header', line: `X-Big: ${'a'.repeat(15 * 1024)}`, takes: true },
  { name: 'a 17 KB header', line: `X-Big: ${'a'.repeat(17 * 1024)}`, takes: false },
  {
    name: 'a 17 KB head in many headers',
    line: Array.from({ length: 170 }, (_, i) => `X-H${i}: ${'b'.repeat(100)}`).join('\r\n'),
    takes: false,
  },
];
