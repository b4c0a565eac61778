import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from './app';
import { splitTarget, type HttpRequest, type HttpResponse } from './router';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Past this much, the socket is closed instead of drained (drained bodies keep keep-alive working). */
const DRAIN_LIMIT = 64 * 1024 * 1024;

function write(res: ServerResponse, out: HttpResponse): void {
  const body = out.body ?? '';
  // An explicit length avoids chunked framing: one write of head and body.
  const headers: Record<string, string | number> = {
    ...out.headers,
    'content-length': Buffer.byteLength(body),
  };
  res.writeHead(out.status, headers);
  res.end(body);
}

function failed(res: ServerResponse): void {
  res.writeHead(500, { 'content-type': 'text/plain' });
  res.end('internal error');
}

function answer(app: App, res: ServerResponse, req: HttpRequest): void {
  let out: HttpResponse | Promise<HttpResponse>;
  try {
    out = app.handle(req);
  } catch {
    return failed(res);
  }
  if (out instanceof Promise)
    out.then(
      (o) => write(res, o),
      () => failed(res),
    );
  else write(res, out);
}

/** A request without a body (no length, no chunked encoding) can be answered before 'end'. */
const hasNoBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] === undefined &&
  (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/** Adapts an App to node:http: reads the body within the limit, writes the response, never throws. */
export function nodeListener(app: App, bodyLimit = DEFAULT_BODY_LIMIT) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const { path, search } = splitTarget(req.url ?? '/');
    const base = { method: req.method ?? 'GET', path, search, headers: req.headers };
    if (hasNoBody(req)) {
      req.resume(); // drain, so keep-alive goes on
      return answer(app, res, { ...base, body: null, bodyTooLarge: false });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bodyLimit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) req.destroy();
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const tooLarge = size > bodyLimit;
      const body = tooLarge || size === 0 ? null : Buffer.concat(chunks, size);
      answer(app, res, { ...base, body, bodyTooLarge: tooLarge });
    });
  };
}

/** Starts listening; port 0 picks a free port. Resolves with the bound port. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function appServer(app: App, bodyLimit?: number): Server {
  const server = createServer({ keepAliveTimeout: 30_000 }, nodeListener(app, bodyLimit));
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  return server;
}

/** The base URL a client used to reach us, for Location headers. */
export function baseUrlOf(headers: IncomingMessage['headers'], fallback: string): string {
  return headers.host ? `http://${headers.host}` : fallback;
}
