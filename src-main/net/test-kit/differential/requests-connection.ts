// Raw requests about the connection: limits, pipelining, Expect, half-closed sockets and time limits (the
// format: request-corpus.ts).
import { HEAD_SIZE_INPUTS, sideCases } from './both-sides';
import { GET, POST, CHUNKED, HEADER, requestWithLine, type RequestCase } from './request-case';

export const CONNECTION_CASES: RequestCase[] = [
  // Limits
  ...sideCases(HEAD_SIZE_INPUTS, requestWithLine, { 'a 17 KB header': 'exceed 16384 bytes' }),
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
