import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { deliver, type OutboundRequest } from './callback-client';

/*
 * Kept-alive connections to a merchant that closes idle ones (Node's default keepAliveTimeout is 5 s): the
 * simulator must not write a callback on a connection the merchant is closing, which would fail with
 * ECONNRESET and look like the merchant's fault. It honours the answer's `Keep-Alive: timeout=N`, and
 * sends once more on a new connection when a reused one is closed before any byte of the answer.
 * No sleeping: the merchants below close at the exact moment the test chooses.
 */

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

const call = (url: string): OutboundRequest => ({
  kind: 'address_update',
  orderId: null,
  method: 'POST',
  url,
  body: '{}',
  timeoutMs: 5_000,
});
const HEADERS = { 'Content-Type': 'application/json', 'Content-Length': '2' };

async function listen(server: Server | NetServer): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/kco/address_update`;
}

describe('outbound calls on kept-alive connections', () => {
  it('do not reuse a connection past the Keep-Alive timeout node:http advertises (50 ms here: timeout=0)', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    server.keepAliveTimeout = 50;
    const seen: Socket[] = [];
    server.on('connection', (s: Socket) => seen.push(s));
    const url = await listen(server);
    expect((await deliver(call(url), HEADERS)).status).toBe(200);
    // Either the merchant's idle timer fires (a listener stops node:http from closing at once, so the next
    // call goes out at the very moment the merchant closes, as when its 5 s run out under a callback), or
    // the simulator closed the idle connection itself first, as the hint told it to.
    const second = await new Promise<Awaited<ReturnType<typeof deliver>>>((resolve) => {
      let sent = false;
      const next = () => (sent ? null : ((sent = true), deliver(call(url), HEADERS)));
      server.once('timeout', (socket: Socket) => {
        const answer = next();
        socket.destroy();
        if (answer) resolve(answer);
      });
      seen[0]!.once('close', () => {
        const answer = next();
        if (answer) resolve(answer);
      });
    });
    expect(second.status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('send a call once more on a new connection when a reused one is closed before any answer', async () => {
    let requests = 0;
    // No Keep-Alive hint: the merchant closes a connection it already answered on when the next request
    // comes (what a merchant's idle close looks like from the simulator when the two cross).
    const server = createNetServer((socket) => {
      let answered = 0;
      socket.on('data', () => {
        requests++;
        if (answered++ > 0) return void socket.destroy();
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
      });
    });
    const url = await listen(server);
    expect((await deliver(call(url), HEADERS)).status).toBe(200);
    expect((await deliver(call(url), HEADERS)).status).toBe(200);
    expect(requests).toBe(3); // the second call: cut on the reused connection, then answered on a new one
  });

  it('never send again a call whose new connection was closed, nor one that got part of an answer', async () => {
    let requests = 0;
    const cutNew = createNetServer((socket) => {
      socket.on('data', () => {
        requests++;
        socket.destroy();
      });
    });
    const first = await deliver(call(await listen(cutNew)), HEADERS);
    expect(first).toMatchObject({ status: null, error: 'unreachable' });
    expect(requests).toBe(1);
    let halfRequests = 0;
    const half = createNetServer((socket) => {
      socket.on('data', () => {
        if (halfRequests++ === 0) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}');
        else socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{');
      });
    });
    const url = await listen(half);
    expect((await deliver(call(url), HEADERS)).status).toBe(200);
    expect(await deliver(call(url), HEADERS)).toMatchObject({ status: null, error: 'unreachable' });
    expect(halfRequests).toBe(2);
  });
});
