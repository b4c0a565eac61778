// Raw requests with chunked bodies (the format: request-corpus.ts).
import { CHUNKED_INPUTS, sideCases } from './both-sides';
import { CHUNKED, requestOf, type RequestCase } from './request-case';

export const CHUNKED_CASES: RequestCase[] = [
  // Chunked bodies
  ...sideCases(CHUNKED_INPUTS, requestOf, {
    'chunk size past 64 bits': 'chunk size too large',
    'chunk size line ending in a bare LF': 'bare LF in a chunk size line',
    'chunk data longer than its size': 'chunk data longer than its chunk size',
    'chunk data followed by a bare LF': 'bare LF after chunk data',
  }),
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
  { name: 'empty chunk size line', send: `${CHUNKED}\r\nhello\r\n0\r\n\r\n`, expect: '4xx, close' },
  {
    name: 'bare CR inside a chunk extension',
    send: `${CHUNKED}5;a\rb\r\nhello\r\n0\r\n\r\n`,
    expect: '4xx, close',
    says: 'bare CR in a chunk extension',
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
];
