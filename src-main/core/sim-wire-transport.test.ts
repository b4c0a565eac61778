import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimCallError, simApi } from '../scenario-runner/sim-api';
import { simWireTransport } from './sim-wire-transport';

/*
 * Explore's calls to the simulator through its own HTTP client: against a real loopback server (node:http,
 * the reference), the call arrives as simApi writes it (method, path, credentials, JSON body with its
 * length) and its answer comes back as simApi reads it; a server that is not there is an error naming it.
 */

let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error_code: 'NOT_FOUND', error_messages: ['no such thing'] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: body ? JSON.parse(body) : null, note: 'å ✓' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sim = () =>
  simApi({ api: base, credentials: { username: 'm', password: 's' }, transport: simWireTransport });

describe('simWireTransport', () => {
  it('sends the call as simApi writes it and reads the answer back, UTF-8 included', async () => {
    seen.length = 0;
    const body = await sim().ok<{ echoed: unknown; note: string }>('POST', '/things?x=1', { name: 'ö' });
    expect(body).toEqual({ echoed: { name: 'ö' }, note: 'å ✓' });
    const got = seen[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/things?x=1');
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from('m:s').toString('base64')}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"ö"}')));
    expect(got.body).toBe('{"name":"ö"}');
  });

  it('keeps the connection for the next call', async () => {
    seen.length = 0;
    const sockets = new Set<unknown>();
    const onConnection = (s: unknown) => sockets.add(s);
    server.on('connection', onConnection);
    try {
      for (let i = 0; i < 5; i++) await sim().ok('GET', '/again');
    } finally {
      server.off('connection', onConnection);
    }
    expect(seen).toHaveLength(5);
    expect(sockets.size).toBeLessThanOrEqual(1);
  });

  it('hands an error answer to simApi, which names what the server said', async () => {
    const r = await sim().call('GET', '/missing');
    expect(r.status).toBe(404);
    await expect(sim().ok('GET', '/missing')).rejects.toThrow(/answered 404: NOT_FOUND no such thing/);
  });

  it('rejects when nothing answers, and simApi says the simulator did not answer', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = simApi({
      api: `http://127.0.0.1:${port}`,
      credentials: { username: 'm', password: 's' },
      transport: simWireTransport,
    });
    const err = await gone.ok('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimCallError);
    expect((err as Error).message).toMatch(`did not answer GET /x`);
  });
});
