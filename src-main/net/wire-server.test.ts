import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { connect } from 'node:net';
import { close, listen } from './listener';
import type { HttpResponse } from './message';
import type { WireLimits } from './wire-limits';
import { WireServer, type WireHandler } from './wire-server';
import { answers, echo, raw, type Answer } from './test-kit/wire-sockets';

let server: WireServer | null = null;
afterEach(async () => {
  if (server) await close(server);
  server = null;
});

async function start(handler: WireHandler = echo, limits: Partial<WireLimits> = {}): Promise<number> {
  server = new WireServer(handler, limits);
  return listen(server, '127.0.0.1', 0);
}

const bodyOf = (a: Answer) => JSON.parse(a.body) as ReturnType<typeof JSON.parse>;

describe('WireServer', () => {
  it('answers pipelined requests on one connection in order, and closes on Connection: close', async () => {
    const port = await start();
    const stream = await raw(port, [
      'GET /a?x=1 HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n',
      'GET /c HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    const got = answers(stream);
    expect(got.map((a) => [a.status, bodyOf(a).path, a.headers.connection])).toEqual([
      [200, '/a', 'keep-alive'],
      [200, '/b', 'keep-alive'],
      [200, '/c', 'close'],
    ]);
    expect(bodyOf(got[0]!).search).toBe('x=1');
    expect(got[0]!.headers['keep-alive']).toBe('timeout=30');
    expect(got[0]!.headers.date).toMatch(/GMT$/);
  });

  it('keeps answers in request order when the app answers the first one later', async () => {
    const port = await start((req) =>
      req.path === '/slow'
        ? new Promise<HttpResponse>((r) => setTimeout(() => r({ status: 200, body: 'slow' }), 30))
        : { status: 200, body: 'fast' },
    );
    const stream = await raw(port, [
      'GET /slow HTTP/1.1\r\nHost: h\r\n\r\nGET /fast HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    expect(answers(stream).map((a) => a.body)).toEqual(['slow', 'fast']);
  });

  it('reads a length-framed body split anywhere, a multi-byte character across two writes included', async () => {
    const port = await start();
    const body = Buffer.from('{"name":"Åsa Öberg"}', 'utf8');
    const head = `POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const cut = body.indexOf(0xc3) + 1; // inside "Å"
    const stream = await raw(port, [
      head.slice(0, 10),
      head.slice(10),
      body.subarray(0, cut),
      body.subarray(cut),
    ]);
    expect(bodyOf(answers(stream)[0]!).body).toBe('{"name":"Åsa Öberg"}');
  });

  it('decodes a chunked body with extensions and trailers', async () => {
    const port = await start();
    const stream = await raw(port, [
      'POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      '5;ext=1\r\nhello\r\n',
      '6\r\n wor',
      'ld\r\n0\r\nX-Trailer: t\r\n\r\n',
    ]);
    const got = bodyOf(answers(stream)[0]!);
    expect([got.body, got.tooLarge]).toEqual(['hello world', false]);
  });

  it('sends 100 Continue to a client that expects it, then reads the body', async () => {
    const port = await start();
    const got = await new Promise<{ continued: boolean; body: string }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/p',
          headers: { expect: '100-continue', 'content-length': 3 },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ continued, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('continue', () => {
        continued = true;
        req.end('abc');
      });
      req.on('error', reject);
    });
    expect(got.continued).toBe(true);
    expect(JSON.parse(got.body).body).toBe('abc');
  });

  it('drains a body over the limit (the app sees bodyTooLarge) and keeps the connection usable', async () => {
    const port = await start(echo, { bodyLimit: 10 });
    const stream = await raw(port, [
      'POST /big HTTP/1.1\r\nHost: h\r\nContent-Length: 25\r\n\r\n',
      'x'.repeat(25),
      'POST /chunked HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n12345678\r\n0\r\n\r\n',
      'GET /after HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    const got = answers(stream).map(bodyOf);
    expect(got.map((b) => [b.path, b.body, b.tooLarge])).toEqual([
      ['/big', null, true],
      ['/chunked', null, true],
      ['/after', null, false],
    ]);
  });

  it('answers a body too large to drain at once and closes, without reading it', async () => {
    const port = await start(echo, { bodyLimit: 10, drainLimit: 100 });
    const stream = await raw(port, ['POST /huge HTTP/1.1\r\nHost: h\r\nContent-Length: 5000\r\n\r\nabc']);
    const [a] = answers(stream);
    expect([a!.status, bodyOf(a!).tooLarge, a!.headers.connection]).toEqual([200, true, 'close']);
    // Expect: 100-continue with a body over the limit: answered before any body is invited.
    const invited = await raw(port, [
      'POST /e HTTP/1.1\r\nHost: h\r\nContent-Length: 50\r\nExpect: 100-continue\r\n\r\n',
    ]);
    expect(invited).not.toContain('100 Continue');
    expect(bodyOf(answers(invited)[0]!).tooLarge).toBe(true);
  });

  it('refuses a malformed request with a plain-text reason and closes', async () => {
    const port = await start();
    const bad = answers(await raw(port, ['GET /ok HTTP/1.1\r\nHost: h\r\n\r\nNONSENSE\r\n\r\n']));
    expect(bad.map((a) => [a.status, a.body])).toEqual([
      [200, expect.stringContaining('"/ok"')],
      [400, 'malformed request line: "NONSENSE"\n'],
    ]);
    const big = answers(await raw(port, [`GET / HTTP/1.1\r\nHost: h\r\nX: ${'a'.repeat(20_000)}`]));
    expect(big[0]!.status).toBe(431);
    const chunk = answers(
      await raw(port, ['POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n']),
    );
    expect(chunk.map((a) => [a.status, a.body])).toEqual([[400, 'malformed chunk size: "zz"\n']]);
  });

  it('sends a body with a known hash from its cached bytes: the right length, also for multi-byte text', async () => {
    const doc = JSON.stringify({ city: 'Malmö', note: '€'.repeat(3) });
    const port = await start(() => ({ status: 200, body: doc, bodyHash: 'h1' }));
    const stream = await raw(port, [
      'GET /a HTTP/1.1\r\nHost: h\r\n\r\nHEAD /a HTTP/1.1\r\nHost: h\r\n\r\n',
      'GET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    const length = String(Buffer.byteLength(doc));
    const [first, head, again] = stream.split(/(?=HTTP\/1\.1 200)/);
    expect(first).toContain(`Content-Length: ${length}\r\n\r\n${doc}`);
    expect(head!.endsWith(`Content-Length: ${length}\r\n\r\n`)).toBe(true);
    expect(again!.endsWith(`\r\n\r\n${doc}`)).toBe(true);
  });

  it('answers HEAD without a body, and 204 without a length', async () => {
    const port = await start((req) =>
      req.path === '/none' ? { status: 204 } : { status: 200, body: 'hello' },
    );
    const stream = await raw(port, [
      'HEAD /x HTTP/1.1\r\nHost: h\r\n\r\nGET /none HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    const [head, none] = stream.split(/\r\n\r\n/);
    expect(head).toContain('Content-Length: 5');
    expect(none).toMatch(/^HTTP\/1.1 204 No Content/);
    expect(none).not.toContain('content-length');
    expect(stream.endsWith('\r\n\r\n')).toBe(true); // no body after either head
  });

  it('answers an HTTP/1.0 request and closes; answers a half-closed client before closing', async () => {
    const port = await start();
    const old = answers(await raw(port, ['GET /old HTTP/1.0\r\n\r\n']));
    expect([old[0]!.status, old[0]!.headers.connection]).toEqual([200, 'close']);
    const late = (): Promise<HttpResponse> =>
      new Promise((r) => setTimeout(() => r({ status: 200, body: 'late' }), 20));
    await close(server!);
    const port2 = await start(late);
    const half = answers(await raw(port2, ['GET /x HTTP/1.1\r\nHost: h\r\n\r\n'], { halfClose: true }));
    expect(half.map((a) => [a.status, a.body, a.headers.connection])).toEqual([[200, 'late', 'close']]);
  });

  it('answers 500 when the app throws or rejects, and goes on serving', async () => {
    const port = await start((req) => {
      if (req.path === '/throw') throw new Error('boom');
      if (req.path === '/reject') return Promise.reject(new Error('boom'));
      return { status: 200, body: 'fine' };
    });
    const stream = await raw(port, [
      'GET /throw HTTP/1.1\r\nHost: h\r\n\r\nGET /reject HTTP/1.1\r\nHost: h\r\n\r\n',
      'GET /ok HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    expect(answers(stream).map((a) => [a.status, a.body])).toEqual([
      [500, 'internal error'],
      [500, 'internal error'],
      [200, 'fine'],
    ]);
  });

  it("drops an app's framing headers and any header value that would split the answer", async () => {
    const port = await start(() => ({
      status: 200,
      headers: { 'content-length': '999', 'x-bad': 'a\r\nInjected: yes', 'x-good': 'ok' },
      body: 'abc',
    }));
    const [a] = answers(await raw(port, ['GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n']));
    expect([a!.headers['content-length'], a!.headers['x-good'], a!.headers.injected, a!.body]).toEqual([
      '3',
      'ok',
      undefined,
      'abc',
    ]);
  });

  it('aborts the request signal when the client goes away, and closes idle connections', async () => {
    let aborted: Promise<void> = Promise.resolve();
    let reached = (): void => undefined;
    const inApp = new Promise<void>((r) => (reached = r));
    const port = await start(
      (req) => {
        const signal = req.closed!();
        aborted = new Promise((r) => signal.addEventListener('abort', () => r()));
        reached();
        return new Promise<HttpResponse>(() => undefined); // held until the client gives up
      },
      { idleTimeoutMs: 100 },
    );
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('GET /held HTTP/1.1\r\nHost: h\r\n\r\n');
    await inApp;
    socket.destroy();
    await aborted;
    // Idle: closed without a word; stalled mid-request: 408.
    expect(await raw(port, [])).toBe('');
    const stalled = answers(await raw(port, ['GET / HTTP/1.1\r\nHo']));
    expect(stalled[0]!.status).toBe(408);
  });

  it('serves fetch and node:http clients, chunked uploads included', async () => {
    const port = await start();
    const viaFetch = await fetch(`http://127.0.0.1:${port}/f?q=1`, { method: 'PUT', body: 'fetched' });
    expect((await viaFetch.json()).body).toBe('fetched');
    const streamed = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('part one, '));
        c.enqueue(new TextEncoder().encode('part two'));
        c.close();
      },
    });
    const chunked = await fetch(`http://127.0.0.1:${port}/s`, {
      method: 'POST',
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    const got = await chunked.json();
    expect([got.body, got.headers['transfer-encoding']]).toEqual(['part one, part two', 'chunked']);
  });

  it('gives 408 to a head dripped past its time limit and to a body past the request limit, however steady', async () => {
    const port = await start(echo, {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      checkIntervalMs: 20,
      idleTimeoutMs: 1000,
    });
    // A byte every 40 ms never trips the idle timeout; the time limits count from the first byte.
    const head = 'GET / HTTP/1.1\r\nHost: h\r\n\r\n';
    const slowHead = answers(await raw(port, head.split(''), { gapMs: 40 }));
    expect(slowHead.map((a) => [a.status, a.body])).toEqual([
      [408, 'request head not received within 300 ms\n'],
    ]);
    const slowBody = answers(
      await raw(
        port,
        ['POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 30\r\n\r\n', ...'x'.repeat(30).split('')],
        {
          gapMs: 40,
        },
      ),
    );
    expect(slowBody.map((a) => [a.status, a.body])).toEqual([[408, 'request not received within 600 ms\n']]);
    // Within the limits: answered, and the limits start again for the next request on the connection.
    const steady = answers(
      await raw(
        port,
        [
          'GET /1 HTTP/1.1\r\nHost: h\r\n',
          '\r\n',
          'GET /2 HTTP/1.1\r\nHost: h\r\n',
          'Connection: close\r\n\r\n',
        ],
        {
          gapMs: 100,
        },
      ),
    );
    expect(steady.map((a) => [a.status, bodyOf(a).path])).toEqual([
      [200, '/1'],
      [200, '/2'],
    ]);
  });

  it('refuses a head whose lines end in a bare LF at once, not after the idle timeout', async () => {
    const port = await start(echo, { idleTimeoutMs: 60_000 });
    const started = Date.now();
    const [a] = answers(await raw(port, ['GET / HTTP/1.1\nHost: h\n\n']));
    expect([a!.status, a!.body]).toEqual([400, 'bare LF in the request line: lines end in CRLF\n']);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
