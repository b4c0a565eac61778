import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { close, type Listener } from './listener';
import { reserve, type Reserved } from './reserve';
import { httpServer } from './servers';
import { HTTP_SERVER_KINDS } from '@shared/schemas/config.schema';

// A port bound before its server exists (the shells bind every port before the core is built), then
// handed to the server: what connected in between is answered by it, nothing before.

let server: Listener | null = null;
let reserved: Reserved | null = null;
afterEach(async () => {
  if (server) await close(server);
  await reserved?.close();
  server = null;
  reserved = null;
});

const ok = () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'served' });

/** Writes one request and collects everything the other side sends until it closes. */
function request(port: number): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write('GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { socket, answer };
}

const connected = (s: Socket) => new Promise((resolve) => s.once('connect', resolve));

describe.each(HTTP_SERVER_KINDS)('a reserved port handed to the %s server', (kind) => {
  it('answers nothing before, then the connection that waited and every later one', async () => {
    reserved = await reserve('127.0.0.1', 0);
    expect(reserved.port).toBeGreaterThan(0);
    const early = request(reserved.port);
    await connected(early.socket);
    let answered = false;
    void early.answer.then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);

    server = httpServer(kind, ok);
    reserved.handTo(server);
    expect(await early.answer).toMatch(/^HTTP\/1\.1 200 [^]*served$/);
    expect(await request(reserved.port).answer).toMatch(/^HTTP\/1\.1 200 [^]*served$/);
  });
});

describe('reserve', () => {
  it('refuses a port in use, and frees its port on close when no server took it', async () => {
    reserved = await reserve('127.0.0.1', 0);
    const { port } = reserved;
    await expect(reserve('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await reserved.close();
    reserved = await reserve('127.0.0.1', port);
    expect(reserved.port).toBe(port);
  });
});

/** The backlog the kernel holds for the listening socket on `port` (`ss`'s Send-Q of a LISTEN socket). */
const kernelBacklog = (port: number) =>
  Number(
    execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)[2],
  );
const hasSs = (() => {
  try {
    execFileSync('ss', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasSs)('reserve: the listen backlog (read back from the kernel with ss)', () => {
  it('binds with the backlog asked for, and keeps it when a server takes the socket', async () => {
    reserved = await reserve('127.0.0.1', 0, 7);
    expect(kernelBacklog(reserved.port)).toBe(7);
    server = httpServer('own', ok);
    reserved.handTo(server);
    expect(kernelBacklog(reserved.port)).toBe(7);
    expect(await request(reserved.port).answer).toMatch(/^HTTP\/1\.1 200 [^]*served$/);
  });

  it("is Node's 511 when none is asked for", async () => {
    reserved = await reserve('127.0.0.1', 0);
    server = httpServer('own', ok);
    reserved.handTo(server);
    expect(kernelBacklog(reserved.port)).toBe(511);
  });
});
