import { describe, expect, it } from 'vitest';
import { parseRequestHead } from './request-head';
import { WireError } from './wire-error';

const head = (...lines: string[]) => parseRequestHead(lines.join('\r\n'));

function refusal(...lines: string[]): [number, string] {
  try {
    head(...lines);
  } catch (err) {
    if (err instanceof WireError) return [err.status, err.message];
    throw err;
  }
  throw new Error('parsed');
}

describe('parseRequestHead', () => {
  it('reads the request line, lower-cases names, trims values and frames the body', () => {
    const h = head(
      'POST /a/b?x=1 HTTP/1.1',
      'Host: h:1',
      'Content-Type:  application/json ',
      'Content-Length: 12',
    );
    expect(h).toEqual({
      method: 'POST',
      target: '/a/b?x=1',
      version: '1.1',
      headers: { host: 'h:1', 'content-type': 'application/json', 'content-length': '12' },
      headerBlock: 'Host: h:1\r\nContent-Type:  application/json \r\nContent-Length: 12',
      keepAlive: true,
      framing: { kind: 'length', length: 12 },
      expectContinue: false,
    });
  });

  it('joins repeated headers as node:http does: first wins for singletons, "; " for cookies, ", " otherwise', () => {
    const h = head(
      'GET / HTTP/1.1',
      'Host: a',
      'Host: b',
      'Accept: x',
      'Accept: y',
      'Cookie: a=1',
      'Cookie: b=2',
      'Authorization: Basic one',
      'Authorization: Basic two',
    );
    expect(h.headers).toEqual({ host: 'a', accept: 'x, y', cookie: 'a=1; b=2', authorization: 'Basic one' });
  });

  it('keeps HTTP/1.1 alive unless Connection: close, and HTTP/1.0 only on keep-alive', () => {
    expect(head('GET / HTTP/1.1', 'Host: a').keepAlive).toBe(true);
    expect(head('GET / HTTP/1.1', 'Host: a', 'Connection: Upgrade, Close').keepAlive).toBe(false);
    expect(head('GET / HTTP/1.0').keepAlive).toBe(false);
    expect(head('GET / HTTP/1.0', 'Connection: keep-alive').keepAlive).toBe(true);
  });

  it('frames chunked bodies, a zero length as no body, and Expect: 100-continue only with a body', () => {
    expect(head('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked').framing).toEqual({
      kind: 'chunked',
    });
    expect(head('POST / HTTP/1.1', 'Host: a', 'Content-Length: 0').framing).toEqual({ kind: 'none' });
    expect(
      head('POST / HTTP/1.1', 'Host: a', 'Content-Length: 5', 'Expect: 100-continue').expectContinue,
    ).toBe(true);
    expect(head('GET / HTTP/1.1', 'Host: a', 'Expect: 100-continue').expectContinue).toBe(false);
  });

  it('reduces an absolute-form target to its path and query', () => {
    expect(head('GET http://h:1/p/q?x=1 HTTP/1.1', 'Host: h').target).toBe('/p/q?x=1');
    expect(head('GET http://h:1 HTTP/1.1', 'Host: h').target).toBe('/');
    expect(head('GET http://h:1?x HTTP/1.1', 'Host: h').target).toBe('/?x');
  });

  it('refuses what node:http refuses, naming the problem', () => {
    expect(refusal('GET')).toEqual([400, 'malformed request line: "GET"']);
    expect(refusal('GET /')).toEqual([
      400,
      'request line without an HTTP version (HTTP/0.9 is not served): "GET /"',
    ]);
    expect(refusal('G(T / HTTP/1.1', 'Host: a')).toEqual([400, 'malformed method: "G(T"']);
    expect(refusal('FOO / HTTP/1.1', 'Host: a')).toEqual([400, 'unknown method: "FOO"']);
    expect(refusal('get / HTTP/1.1', 'Host: a')).toEqual([400, 'unknown method: "get"']);
    expect(refusal('CONNECT h:443 HTTP/1.1', 'Host: h')[0]).toBe(501);
    expect(refusal('GET /a b HTTP/1.1', 'Host: a')[1]).toMatch(/malformed request target/);
    expect(refusal('GET /caf\xe9 HTTP/1.1', 'Host: a')[1]).toMatch(/malformed request target/);
    expect(refusal('GET abc HTTP/1.1', 'Host: a')[1]).toMatch(/not a path, an absolute URL or \*/);
    expect(refusal('GET / HTTP/1.1\nHost: a')).toEqual([400, 'bare LF in the request line']);
    expect(refusal('GET / HTTP/1.2', 'Host: a')).toEqual([400, 'HTTP version not supported: HTTP/1.2']);
    expect(refusal('GET / HTTP/2.0', 'Host: a')).toEqual([505, 'HTTP version not supported: HTTP/2.0']);
    expect(refusal('GET / HTTQ/1.1', 'Host: a')[0]).toBe(400);
    expect(refusal('GET / HTTP/1.1')).toEqual([400, 'missing Host header']);
    expect(refusal('GET / HTTP/1.1', 'Host: a', ' folded')).toEqual([
      400,
      'obsolete line folding in a header',
    ]);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'no colon')[1]).toMatch(/header line without a colon/);
    expect(refusal('GET / HTTP/1.1', 'Host: a', ': x')[1]).toMatch(/header line without a name/);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'Bad Name: x')[1]).toMatch(/malformed header name/);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'X: a\nb')).toEqual([400, 'bare LF in header X']);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'X: a\x01b')).toEqual([
      400,
      'control character 0x01 in header X',
    ]);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'X: a\x7f')[1]).toBe('control character 0x7f in header X');
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding:\x0bchunked')[1]).toBe(
      'control character 0x0b in header Transfer-Encoding',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Transfer-Encoding: chunked')[1]).toBe(
      'both Content-Length and Transfer-Encoding',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Content-Length: 1')[1]).toBe(
      'Content-Length given twice',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 5', 'Content-Length: 3')[1]).toBe(
      'two different Content-Length values: 5 and 3',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: -1')[1]).toBe(
      'invalid Content-Length: "-1"',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 5\t')[1]).toBe(
      'invalid Content-Length: "5\\t"',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: gzip')[0]).toBe(400);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked,')[0]).toBe(400);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked, chunked')[1]).toMatch(
      /chunked given more than once/,
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: gzip, chunked')).toEqual([
      501,
      'transfer coding not implemented: gzip',
    ]);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Expect: magic')[0]).toBe(417);
  });

  it('takes what llhttp takes: a leading empty list element, spaces around a length, 100-continue among others', () => {
    expect(head('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: , chunked').framing.kind).toBe('chunked');
    expect(head('POST / HTTP/1.1', 'Host: a', 'Content-Length:\t 5 ').framing).toEqual({
      kind: 'length',
      length: 5,
    });
    expect(
      head('POST / HTTP/1.1', 'Host: a', 'Content-Length: 2', 'Expect: 100-continue, foo').expectContinue,
    ).toBe(true);
    expect(head('GET * HTTP/1.1', 'Host: a').target).toBe('*');
    expect(head('PROPFIND /x HTTP/1.1', 'Host: a').method).toBe('PROPFIND');
    expect(head('GET / HTTP/1.1', 'Host: a', 'X: caf\xe9 \t').headers.x).toBe('caf\xe9');
  });
});
