// Raw requests about the head's syntax: obsolete folding, bare CR and LF, control characters, tokens, the
// request line, versions and Host (the format: request-corpus.ts).
import { HEADER_LINE_INPUTS, sideCases } from './both-sides';
import { HEADER, requestWithLine, type RequestCase } from './request-case';

export const SYNTAX_CASES: RequestCase[] = [
  // Obsolete line folding
  // Header lines both sides read alike (both-sides.ts): folding, bare CR and LF, control characters, names
  ...sideCases(HEADER_LINE_INPUTS, requestWithLine, {
    'header value folded with a space': 'obsolete line folding in a header',
    'NUL in a header value': 'NUL in header X-A',
    'bare CR inside a header value': 'bare CR in header X-A',
  }),
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
    name: 'form feed in a header value',
    send: HEADER('X-A: a\x0cb'),
    expect: '4xx, close',
    says: 'control character 0x0c in header X-A',
  },
  { name: 'UTF-8 bytes in a header value', send: HEADER('X-A: caf\xc3\xa9'), expect: '200 GET 0, close' },
  { name: 'header value of whitespace only', send: HEADER('X-A:   '), expect: '200 GET 0, close' },
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
];
