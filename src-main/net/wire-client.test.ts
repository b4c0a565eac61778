import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { wireCall, type WireCall } from './wire-client';

/** A raw TCP server answering each request (one per line of bytes read) with `answer(requestText)`. */
let server: Server | null = null;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

interface Seen {
  requests: string[];
  connections: number;
}

async function rawServer(
  answer: (request: string, socket: Socket) => void,
): Promise<{ port: number; seen: Seen }> {
  const seen: Seen = { requests: [], connections: 0 };
  server = createServer((socket) => {
    sockets.add(socket);
    seen.connections++;
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString('latin1');
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buf.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const request = buf.slice(0, end + 4 + length);
        buf = buf.slice(end + 4 + length);
        seen.requests.push(request);
        answer(request, socket);
      }
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, seen };
}

const call = (port: number, over: Partial<WireCall> = {}) =>
  wireCall({
    url: new URL(`http://127.0.0.1:${port}/cb/1?x=2`),
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '7' },
    body: '{"a":1}',
    timeoutMs: 2000,
    verify: false,
    maxAnswer: 1024,
    ...over,
  });

describe('wireCall', () => {
  it('sends one request with host and the given headers, and reads a length-framed answer', async () => {
    const { port, seen } = await rawServer((_, s) =>
      s.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Twice: a\r\nX-Twice: b\r\nContent-Length: 2\r\n\r\n{}',
      ),
    );
    const r = await call(port);
    expect(r).toEqual({
      answer: {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-twice': 'a, b', 'content-length': '2' },
        body: '{}',
      },
      untrusted: null,
      // The header lines as they came: what the log caches the headers' JSON by.
      headerBlock: expect.stringMatching(/^Content-Type: application\/json\r\n(.*\r\n)*Content-Length: 2$/i),
    });
    expect(seen.requests[0]).toBe(
      `POST /cb/1?x=2 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 7\r\n\r\n{"a":1}`,
    );
  });

  it('keeps the connection alive across calls, and opens a new one when the server closes it', async () => {
    let n = 0;
    const { port, seen } = await rawServer((_, s) => {
      n++;
      if (n === 2) s.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\n2');
      else s.write(`HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n${n}`);
    });
    const bodies = [];
    for (let i = 0; i < 4; i++) bodies.push((await call(port)).answer.body);
    expect(bodies).toEqual(['1', '2', '3', '4']);
    expect(seen.connections).toBe(2);
  });

  it('reads chunked and close-delimited answers, skips a 100 Continue, and reads no body after HEAD or 204', async () => {
    const answers = [
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: 1\r\n\r\n',
      'HTTP/1.1 204 No Content\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n',
      'HTTP/1.0 200 OK\r\n\r\nuntil the end',
    ];
    const { port } = await rawServer((request, s) => {
      const a = answers.shift()!;
      if (a.startsWith('HTTP/1.0')) s.end(a);
      else s.write(a);
      expect(request).toBeTruthy();
    });
    expect((await call(port)).answer.body).toBe('abcde');
    expect((await call(port)).answer).toMatchObject({ status: 204, body: '' });
    expect((await call(port, { method: 'HEAD', body: null, headers: {} })).answer).toMatchObject({
      status: 200,
      body: '',
    });
    expect((await call(port)).answer.body).toBe('until the end');
  });

  it('times out, refuses an answer over the size limit, and reports a refused connection', async () => {
    const { port } = await rawServer((request, s) => {
      if (request.startsWith('POST /slow')) return; // never answers
      s.write(`HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n${'x'.repeat(2000)}`);
    });
    const slow = await call(port, { url: new URL(`http://127.0.0.1:${port}/slow`), timeoutMs: 50 });
    expect(slow.answer).toEqual({ status: null, headers: {}, body: null, error: 'timeout' });
    const big = await call(port);
    expect(big.answer).toMatchObject({
      status: null,
      error: 'unreachable',
      errorDetail: 'the answer is larger than 1024 bytes',
    });
    await new Promise<void>((r) => server!.close(() => r()));
    for (const s of sockets) s.destroy();
    server = null;
    const gone = await call(port);
    expect(gone.answer).toMatchObject({ status: null, error: 'unreachable' });
    expect(gone.answer.errorDetail).toMatch(/^ECONNREFUSED/);
  });

  it('fails on a garbled answer, or one cut short, without reusing that connection', async () => {
    const { port, seen } = await rawServer((request, s) => {
      if (request.startsWith('POST /garbled')) s.write('NOT HTTP AT ALL\r\n\r\n');
      else if (request.startsWith('POST /short')) s.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
      else s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const garbled = await call(port, { url: new URL(`http://127.0.0.1:${port}/garbled`) });
    expect(garbled.answer).toMatchObject({
      error: 'unreachable',
      errorDetail: 'malformed answer: malformed status line: "NOT HTTP AT ALL"',
    });
    const short = await call(port, { url: new URL(`http://127.0.0.1:${port}/short`) });
    expect(short.answer).toMatchObject({
      error: 'unreachable',
      errorDetail: 'the connection closed before the answer was complete',
    });
    expect((await call(port)).answer.body).toBe('ok');
    expect(seen.connections).toBe(3);
  });

  it('refuses a header that would split the request', async () => {
    const r = await call(1, { headers: { 'x-bad': 'a\r\nInjected: yes' } });
    expect(r.answer).toMatchObject({ error: 'unreachable', errorDetail: 'invalid request header "x-bad"' });
  });

  it('tells the caller (onWrite) just before the request goes on the socket, and never for one not sent', async () => {
    const order: string[] = [];
    const { port, seen } = await rawServer((_, s) => {
      order.push('received');
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const told = () => order.push('written');
    expect((await call(port, { onWrite: told })).answer.status).toBe(200);
    expect((await call(port, { onWrite: told })).answer.status).toBe(200); // the kept-alive connection
    expect(order).toEqual(['written', 'received', 'written', 'received']);
    expect(seen.connections).toBe(1);

    // Nobody listens: the connection is refused, nothing is written.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    let refused = 0;
    const r1 = await call(closedPort, { onWrite: () => refused++ });
    expect([r1.answer.error, refused]).toEqual(['unreachable', 0]);

    // Connected, but the TLS handshake never ends: the request never goes out, and the caller hears so.
    let held = 0;
    const silent = createServer((socket) => {
      held++;
      sockets.add(socket);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as { port: number }).port;
    let handshake = 0;
    const url = new URL(`https://127.0.0.1:${silentPort}/push`);
    const r2 = await call(silentPort, { url, timeoutMs: 300, onWrite: () => handshake++ });
    silent.close();
    expect([r2.answer.error, handshake, held]).toEqual(['timeout', 0, 1]);
  });

  it('keeps the request off the wire when onWrite throws (its record could not be made)', async () => {
    const { port, seen } = await rawServer((_, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    const r = await call(port, {
      onWrite: () => {
        throw new Error('database or disk is full');
      },
    });
    expect(r.answer).toMatchObject({
      error: 'unreachable',
      errorDetail: 'the request was not written: database or disk is full',
    });
    expect((await call(port)).answer.status).toBe(200);
    expect(seen.requests).toHaveLength(1);
  });

  it('takes an answer that came while this process was too busy to read it, rather than a time-out', async () => {
    // The server answers at once, then keeps this process busy past the limit (a loaded machine, or a
    // merchant and the simulator in one process): the answer waits in the socket as the timer comes due.
    const { port } = await rawServer((_, s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      const until = performance.now() + 300;
      while (performance.now() < until); // busy, on purpose
    });
    const r = await call(port, { timeoutMs: 100 });
    expect(r.answer).toMatchObject({ status: 200, body: 'ok' });
  });

  it('counts the time limit from the write: a process busy while connecting does not use it up', async () => {
    const { port } = await rawServer((_, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const pending = call(port, { timeoutMs: 100 }); // a new connection: none is kept for this port yet
    const until = performance.now() + 300;
    while (performance.now() < until); // busy before the connection is seen to be made, on purpose
    expect((await pending).answer).toMatchObject({ status: 200, body: 'ok' });
  });
});
