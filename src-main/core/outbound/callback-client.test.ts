import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { OutboundClient, USER_AGENT } from './callback-client';
import { tempCore } from '../../test-kit/temp-core';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A merchant that answers every call with a cookie (a secret) and a header naming the call. */
async function merchant(): Promise<string> {
  let n = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(200, { 'set-cookie': 'session=s3cr3t', 'x-call': n <= 2 ? 'early' : 'late' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
}

describe('OutboundClient: the exchange it records', () => {
  it("logs each call's own request and answer headers, secrets masked, also where it caches their JSON", async () => {
    const env = tempCore();
    cleanups.push(() => env.dispose());
    const url = await merchant();
    const client = new OutboundClient(env.core.exchanges, env.clock);
    const frozen = Object.freeze({ 'x-kind': 'constant' });
    const call = (body: string | null, headers?: Record<string, string>) =>
      client.send({ kind: 'k', orderId: 'o', method: 'POST', url, headers, body, timeoutMs: 2000 }, () => ({
        outcome: 'ok',
        violations: [],
        value: null,
      }));
    await call(null, frozen);
    await call(null, frozen);
    await call('{"a":1}', frozen);
    await call('', frozen);
    await call(null, { 'x-kind': 'plain', authorization: 'Bearer abc' });
    const log = await env.core.exchanges.list({ orderId: 'o', ascending: true });
    expect(log.map((e) => e.request.headers)).toEqual([
      { 'User-Agent': USER_AGENT, 'Content-Length': '0', 'x-kind': 'constant' },
      { 'User-Agent': USER_AGENT, 'Content-Length': '0', 'x-kind': 'constant' },
      {
        'User-Agent': USER_AGENT,
        'Content-Type': 'application/json',
        'Content-Length': '7',
        'x-kind': 'constant',
      },
      {
        'User-Agent': USER_AGENT,
        'Content-Type': 'application/json',
        'Content-Length': '0',
        'x-kind': 'constant',
      },
      { 'User-Agent': USER_AGENT, 'Content-Length': '0', 'x-kind': 'plain', authorization: 'Bearer ****' },
    ]);
    const answers = log.map((e) => e.response.headers);
    expect(answers.map((h) => [h['set-cookie'], h['x-call']])).toEqual([
      ['****', 'early'],
      ['****', 'early'],
      ['****', 'late'],
      ['****', 'late'],
      ['****', 'late'],
    ]);
  });

  it('records an answer node:http would refuse as no answer, naming the problem', async () => {
    const env = tempCore();
    cleanups.push(() => env.dispose());
    // A merchant whose framing is wrong: two Content-Length values, or a bare-LF head.
    const answers = [
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'HTTP/1.1 200 OK\nContent-Length: 2\n\n{}',
    ];
    const server = createNetServer((socket) => {
      socket.once('data', () => socket.end(answers.shift()!));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const client = new OutboundClient(env.core.exchanges, env.clock);
    const judge = (a: { error?: string }) => ({ outcome: a.error ?? 'ok', violations: [], value: null });
    for (let i = 0; i < 2; i++) {
      await client.send({ kind: 'k', orderId: 'o', method: 'POST', url, body: '{}', timeoutMs: 2000 }, judge);
    }
    const log = await env.core.exchanges.list({ orderId: 'o', ascending: true });
    expect(log.map((e) => [e.status, e.outcome, e.response.body])).toEqual([
      [null, 'unreachable', '[no answer: malformed answer: two different Content-Length values: 2 and 3]'],
      [null, 'unreachable', '[no answer: malformed answer: bare LF in the status line: lines end in CRLF]'],
    ]);
  });

  it('under abandon_slow_callback, takes an answer that came while this process was too busy to read it', async () => {
    const env = tempCore();
    cleanups.push(() => env.dispose());
    // The merchant answers at once, then keeps this process busy past the limit (a loaded machine).
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.end('{}');
        const until = performance.now() + 300;
        while (performance.now() < until); // busy, on purpose
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const client = new OutboundClient(env.core.exchanges, env.clock);
    const sent = await client.send(
      { kind: 'k', orderId: 'o', method: 'POST', url, body: '{}', timeoutMs: 100, abandon: true },
      () => ({ outcome: 'ok', violations: [], value: null }),
    );
    expect([sent.abandoned, sent.answer.status]).toEqual([false, 200]);
  });
});
