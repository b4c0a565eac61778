import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appHeaders, EncodedBodies, INTERNAL } from './answer-writer';
import { splitTarget, type HttpRequest, type HttpResponse, type WireHandler } from './message';
import { originForm } from './request-head';
import { DEFAULT_WIRE_LIMITS, type WireLimits } from './wire-limits';

/**
 * The same handler served by node:http instead of the simulator's own server (`serve --http node`): a
 * doubt about how the own server reads a request can be settled by trying the standard one. Requests
 * reach the handler as the own server hands them over (the body read into one buffer, the same body
 * limits, an absolute-form target reduced to its path, a `closed` signal), and answers go out with the
 * same header names; what node:http refuses it answers itself (its clientError defaults), as
 * test-kit/differential/ compares.
 */
export function nodeServer(handler: WireHandler, limits: Partial<WireLimits> = {}): Server {
  const all = { ...DEFAULT_WIRE_LIMITS, ...limits };
  const encoded = new EncodedBodies();
  return (
    createServer(
      {
        maxHeaderSize: all.headLimit,
        headersTimeout: all.headersTimeoutMs,
        requestTimeout: all.requestTimeoutMs,
        keepAliveTimeout: all.idleTimeoutMs,
        connectionsCheckingInterval: all.checkIntervalMs,
      },
      (req, res) =>
        read(req, res, all, (body, tooLarge) => dispatch(handler, req, res, body, tooLarge, encoded)),
    )
      // Expect: 100-continue with a body too large to invite is answered at once, as the own server does.
      .on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
        if (Number(req.headers['content-length']) > all.bodyLimit) {
          res.shouldKeepAlive = false;
          dispatch(handler, req, res, null, true, encoded);
        } else {
          res.writeContinue();
          read(req, res, all, (body, tooLarge) => dispatch(handler, req, res, body, tooLarge, encoded));
        }
      })
  );
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
    out = INTERNAL;
  }
  if (out instanceof Promise) {
    out.then(
      (answer) => write(req, res, answer, encoded),
      () => write(req, res, INTERNAL, encoded),
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
