// Raw answers about framing: bodies by length and chunked (the format: answer-corpus.ts).
import { OK, CHUNKED, type AnswerCase } from './answer-case';

export const FRAMING_ANSWERS: AnswerCase[] = [
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
];
