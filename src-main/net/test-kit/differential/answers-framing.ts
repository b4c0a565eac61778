// Raw answers about framing: bodies by length and chunked (the format: answer-corpus.ts).
import { OK, CHUNKED, answerOf, type AnswerCase } from './answer-case';
import { CHUNKED_INPUTS, LENGTH_INPUTS, sideCases } from './both-sides';

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
  ...sideCases(LENGTH_INPUTS, answerOf, {
    'Content-Length followed by a tab': 'invalid Content-Length: "5\\t"',
  }),
  {
    name: 'Content-Length that is not a number',
    answer: `${OK}Content-Length: five\r\n\r\nhello`,
    expect: 'error',
  },
  {
    name: 'Content-Length followed by a space',
    answer: `${OK}Content-Length: 5 \r\n\r\nhello`,
    expect: '200 hello',
  },
  { name: 'empty Content-Length', answer: `${OK}Content-Length:\r\n\r\nhello`, expect: 'error' },
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
  ...sideCases(CHUNKED_INPUTS, answerOf),
  {
    name: 'whitespace before a chunk extension',
    answer: `${CHUNKED}5 ;a=b\r\nhello\r\n0\r\n\r\n`,
    expect: 'error',
    says: 'whitespace after a chunk size',
  },
  { name: 'trailer fields', answer: `${CHUNKED}5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n`, expect: '200 hello' },
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
