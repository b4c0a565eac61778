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
    expect(refusal('GET /')).toEqual([400, 'malformed request line: "GET /"']);
    expect(refusal('G(T / HTTP/1.1', 'Host: a')[0]).toBe(400);
    expect(refusal('GET /a b HTTP/1.1', 'Host: a')[1]).toMatch(/malformed request target/);
    expect(refusal('GET / HTTP/2.0', 'Host: a')).toEqual([505, 'HTTP version not supported: HTTP/2.0']);
    expect(refusal('GET / HTTQ/1.1', 'Host: a')[0]).toBe(400);
    expect(refusal('GET / HTTP/1.1')).toEqual([400, 'missing Host header']);
    expect(refusal('GET / HTTP/1.1', 'Host: a', ' folded')).toEqual([
      400,
      'obsolete line folding in a header',
    ]);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'no colon')[1]).toMatch(/malformed header line/);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'Bad Name: x')[1]).toMatch(/malformed header name/);
    expect(refusal('GET / HTTP/1.1', 'Host: a', 'X: a\nb')[1]).toMatch(/invalid character in header X/);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Transfer-Encoding: chunked')[1]).toBe(
      'both Content-Length and Transfer-Encoding',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Content-Length: 1')[1]).toBe(
      'more than one Content-Length',
    );
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: -1')[1]).toBe('invalid Content-Length: -1');
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: gzip')[0]).toBe(400);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Transfer-Encoding: gzip, chunked')[0]).toBe(501);
    expect(refusal('POST / HTTP/1.1', 'Host: a', 'Content-Length: 1', 'Expect: magic')[0]).toBe(417);
  });
});
