// Raw answers about the head and the connection: the status line, header lines, interim answers, the
// connection (the format: answer-corpus.ts).
import { OK, WITH, answerWithLine, type AnswerCase } from './answer-case';
import { HEAD_SIZE_INPUTS, HEADER_LINE_INPUTS, sideCases } from './both-sides';

export const HEAD_ANSWERS: AnswerCase[] = [
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
  ...sideCases([...HEADER_LINE_INPUTS, ...HEAD_SIZE_INPUTS], answerWithLine, {
    'a 17 KB header': 'status line and headers over 16384 bytes',
  }),
  { name: 'empty header value', answer: WITH('X-Empty:'), expect: '200 hello' },
  { name: 'colon inside a header value', answer: WITH('Location: http://h:1/a'), expect: '200 hello' },
  { name: 'Set-Cookie twice', answer: WITH('Set-Cookie: a=1\r\nSet-Cookie: b=2'), expect: '200 hello' },
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
