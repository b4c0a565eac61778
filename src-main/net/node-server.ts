import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { appHeaders, EncodedBodies, internalAnswer, refusalText } from './answer-writer';
import {
  splitTarget,
  type HttpRequest,
  type HttpResponse,
  type RefusalRenderer,
  type WireHandler,
} from './message';
import { originForm } from './request-head';
import { WireError } from './wire-error';
import { DEFAULT_WIRE_LIMITS, type WireLimits } from './wire-limits';

/** node:http's own statuses for what its parser refuses (its default clientError answers); else 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** The answers under way on each socket, and what waits for them to finish (a refusal). */
class Answering {
  private readonly map = new WeakMap<object, { n: number; then: (() => void) | null }>();
  start(res: ServerResponse): void {
    const socket = res.socket;
    if (!socket) return;
    const s = this.map.get(socket) ?? { n: 0, then: null };
    s.n++;
    this.map.set(socket, s);
    res.once('close', () => {
      s.n--;
      if (s.n === 0 && s.then) s.then();
    });
  }
  /** Runs `fn` once no answer is under way on `socket` (at once when none is). */
  whenIdle(socket: object, fn: () => void): void {
    const s = this.map.get(socket);
    if (!s || s.n === 0) fn();
    else s.then = fn;
  }
}

/**
 * What node:http's parser refuses, worded by `render` as the own server words it: node's own statuses,
 * its reason (`Parse Error: Invalid method encountered`), `Connection: close`. node writes its bare
 * answer only on a connection that has written nothing yet; this one answers the second request of a
 * kept-alive connection too, after the answers owed before it (as the own server does).
 */
function refuseClientError(
  err: NodeJS.ErrnoException & { reason?: string },
  socket: Duplex,
  answering: Answering,
  render: RefusalRenderer,
): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
  const reason =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request not received in time' : (err.reason ?? err.message);
  answering.whenIdle(socket, () => {
    if (socket.writable) socket.end(refusalText(new WireError(status, reason), render));
    else socket.destroy();
  });
}

/**
 * The same handler served by node:http instead of the simulator's own server (`serve --http node`): a
 * doubt about how the own server reads a request can be settled by trying the standard one. Requests
 * reach the handler as the own server hands them over (the body read into one buffer, the same body
 * limits, an absolute-form target reduced to its path, a `closed` signal), and answers go out with the
 * same header names; what node:http refuses is answered in `render`'s words when given (the API's
 * error shape), else with node's clientError defaults, as test-kit/differential/ compares.
 */
export function nodeServer(
  handler: WireHandler,
  limits: Partial<WireLimits> = {},
  render?: RefusalRenderer,
): Server {
  const all = { ...DEFAULT_WIRE_LIMITS, ...limits };
  const encoded = new EncodedBodies();
  // Answers under way per socket: a refusal is never written into the middle of one.
  const answering = new Answering();
  const track = (res: ServerResponse) => answering.start(res);
  const serve = (req: IncomingMessage, res: ServerResponse, body: Buffer | null, tooLarge: boolean) =>
    dispatch(handler, req, res, body, tooLarge, encoded, render);
  const server = createServer(
    {
      maxHeaderSize: all.headLimit,
      headersTimeout: all.headersTimeoutMs,
      requestTimeout: all.requestTimeoutMs,
      keepAliveTimeout: all.idleTimeoutMs,
      connectionsCheckingInterval: all.checkIntervalMs,
    },
    (req, res) => {
      track(res);
      read(req, res, all, (body, tooLarge) => serve(req, res, body, tooLarge));
    },
  )
    // Expect: 100-continue with a body too large to invite is answered at once, as the own server does.
    .on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
      track(res);
      if (Number(req.headers['content-length']) > all.bodyLimit) {
        res.shouldKeepAlive = false;
        serve(req, res, null, true);
      } else {
        res.writeContinue();
        read(req, res, all, (body, tooLarge) => serve(req, res, body, tooLarge));
      }
    });
  // Given a renderer, what node's parser refuses is answered in the listener's words; without one,
  // node's own bare answers stand (what test-kit/differential/ compares the own server with).
  if (render) {
    const refuse = render;
    server.on('clientError', (err: Error, socket: Duplex) =>
      refuseClientError(err, socket, answering, refuse),
    );
  }
  return server;
}

/** Reads a body into one buffer: past `bodyLimit` it is drained and dropped; past `drainLimit` not even read. */
function read(
  req: IncomingMessage,
  res: ServerResponse,
  limits: WireLimits,
  done: (body: Buffer | null, tooLarge: boolean) => void,
): void {
  const parts: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size <= limits.bodyLimit) parts.push(chunk);
    else if (size > limits.drainLimit) {
      // Not worth draining: answered now, and the connection closes after the answer.
      over = true;
      res.shouldKeepAlive = false;
      res.once('finish', () => req.socket.destroy());
      done(null, true);
    }
  });
  req.on('end', () => {
    if (over) return;
    const tooLarge = size > limits.bodyLimit;
    done(
      tooLarge || size === 0 ? null : parts.length === 1 ? parts[0]! : Buffer.concat(parts, size),
      tooLarge,
    );
  });
  req.on('error', () => undefined); // the client went away; 'close' tells the app (closed())
}

function dispatch(
  handler: WireHandler,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer | null,
  tooLarge: boolean,
  encoded: EncodedBodies,
  render: RefusalRenderer | undefined,
): void {
  const { path, search } = splitTarget(originForm(req.url ?? '/'));
  let aborter: AbortController | null = null;
  const request: HttpRequest = {
    method: req.method ?? 'GET',
    path,
    search,
    headers: req.headers,
    body,
    bodyTooLarge: tooLarge,
    closed: () => {
      if (aborter === null) {
        const ac = (aborter = new AbortController());
        // The answer's 'close' before its 'finish': the client went away first.
        res.once('close', () => ac.abort());
        if (req.socket.destroyed) ac.abort();
      }
      return aborter.signal;
    },
  };
  if ((req.socket as { encrypted?: boolean }).encrypted === true) request.secure = true;
  let out: HttpResponse | Promise<HttpResponse>;
  try {
    out = handler(request);
  } catch {
    out = internalAnswer(render);
  }
  if (out instanceof Promise) {
    out.then(
      (answer) => write(req, res, answer, encoded),
      () => write(req, res, internalAnswer(render), encoded),
    );
  } else write(req, res, out, encoded);
}

/** Writes an app's answer: its headers as the own server writes them, the length, the body (none for HEAD). */
function write(
  req: IncomingMessage,
  res: ServerResponse,
  answer: HttpResponse,
  encoded: EncodedBodies,
): void {
  if (res.destroyed) return;
  appHeaders(answer, (name, value) => res.setHeader(name, value));
  const status = answer.status;
  const bodiless = status < 200 || status === 204 || status === 304;
  const text = bodiless ? '' : (answer.body ?? '');
  const bytes =
    answer.bodyHash !== undefined && text.length > 0 ? encoded.get(answer.bodyHash, text) : Buffer.from(text);
  if (!bodiless) res.setHeader('Content-Length', bytes.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' || bodiless ? undefined : bytes);
}
