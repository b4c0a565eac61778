import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { close, listen, type Listener } from './listener';
import type { HttpResponse, WireHandler } from './message';
import { nodeServer } from './node-server';
import type { WireLimits } from './wire-limits';
import { answers, echo, raw } from './test-kit/wire-sockets';

// node:http serving the apps' handler (serve --http node): requests reach the handler as the own server
// hands them over, answers go out with the same headers.

let server: Listener | null = null;
afterEach(async () => {
  if (server) await close(server);
  server = null;
});

async function start(handler: WireHandler = echo, limits: Partial<WireLimits> = {}): Promise<number> {
  server = nodeServer(handler, limits);
  return listen(server, '127.0.0.1', 0);
}

/** The JSON the echo app answered with, skipping interim answers. */
const bodies = (stream: string) =>
  answers(stream)
    .filter((a) => a.status >= 200)
    .map((a) => JSON.parse(a.body) as Record<string, unknown>);

describe('nodeServer', () => {
  it('answers pipelined requests in order, reducing an absolute-form target to its path', async () => {
    const port = await start();
    const stream = await raw(port, [
      'GET http://h:1/a?x=1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc',
      'GET /c HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    expect(bodies(stream).map((b) => [b.method, b.path, b.search, b.body])).toEqual([
      ['GET', '/a', 'x=1', null],
      ['POST', '/b', '', 'abc'],
      ['GET', '/c', '', null],
    ]);
    // The app's header names in canonical case, as the own server writes them.
    expect(stream).toContain('\r\nX-Custom-Name: v\r\n');
    expect(stream).toContain('\r\nContent-Type: application/json\r\n');
  });

  it('drains a body over the limit (the app sees bodyTooLarge), and answers one too large to drain at once', async () => {
    const port = await start(echo, { bodyLimit: 10, drainLimit: 100 });
    const drained = await raw(port, [
      'POST /big HTTP/1.1\r\nHost: h\r\nContent-Length: 25\r\n\r\n',
      'x'.repeat(25),
      'GET /after HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    expect(bodies(drained).map((b) => [b.path, b.tooLarge])).toEqual([
      ['/big', true],
      ['/after', false],
    ]);
    const huge = await raw(port, [
      'POST /huge HTTP/1.1\r\nHost: h\r\nContent-Length: 5000\r\n\r\n',
      'y'.repeat(200),
    ]);
    expect(bodies(huge).map((b) => b.tooLarge)).toEqual([true]);
    expect(huge).toContain('Connection: close');
  });

  it('invites a body with 100 Continue, but answers one over the limit without inviting it', async () => {
    const port = await start(echo, { bodyLimit: 10 });
    const invited = await raw(
      port,
      [
        'POST /e HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
        'ok',
      ],
      { gapMs: 30 },
    );
    expect(invited.startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true);
    expect(bodies(invited)[0]!.body).toBe('ok');
    const refused = await raw(port, [
      'POST /e HTTP/1.1\r\nHost: h\r\nContent-Length: 50\r\nExpect: 100-continue\r\n\r\n',
    ]);
    expect(refused).not.toContain('100 Continue');
    expect(bodies(refused)[0]!.tooLarge).toBe(true);
  });

  it('sends HEAD without a body, 204 without a length, a correlation id where asked, and 500 for a throw', async () => {
    const port = await start((req) => {
      if (req.path === '/throw') throw new Error('boom');
      if (req.path === '/none') return { status: 204, correlate: true };
      return { status: 200, headers: { 'content-length': '999' }, body: 'hello', bodyHash: 'h' };
    });
    const stream = await raw(port, [
      'HEAD /x HTTP/1.1\r\nHost: h\r\n\r\nGET /none HTTP/1.1\r\nHost: h\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n',
      'GET /throw HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    ]);
    const [head, none, get, thrown] = stream.split(/(?=HTTP\/1\.1 )/);
    expect(head).toMatch(/Content-Length: 5\r\n[\s\S]*\r\n\r\n$/);
    expect(none).toMatch(/^HTTP\/1.1 204 No Content\r\n/);
    expect(none).toMatch(/\r\nKlarna-Correlation-Id: [0-9a-f-]{36}\r\n/);
    expect(none).not.toContain('Content-Length');
    expect(get!.endsWith('\r\n\r\nhello')).toBe(true);
    expect(thrown).toMatch(/^HTTP\/1.1 500 [\s\S]*internal error$/);
  });

  it('aborts the request signal when the client goes away', async () => {
    let aborted: Promise<void> = Promise.resolve();
    let reached = (): void => undefined;
    const inApp = new Promise<void>((r) => (reached = r));
    const port = await start((req) => {
      const signal = req.closed!();
      aborted = new Promise((r) => signal.addEventListener('abort', () => r()));
      reached();
      return new Promise<HttpResponse>(() => undefined);
    });
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('GET /held HTTP/1.1\r\nHost: h\r\n\r\n');
    await inApp;
    socket.destroy();
    await aborted;
  });
});
