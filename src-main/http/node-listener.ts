import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { guardedListener, readLimitedBody, type ListenerGuard } from './guarded-listener';
import type { ListenerAnswer, ListenerApp } from './listener-app';
import type { HttpRequest } from './router';

/** The request as the app reads it: its body read whole, or marked too large (over `limit`). */
async function readRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: { path: string; search: string },
  limit: number,
): Promise<HttpRequest> {
  const body = await readLimitedBody(req, res, limit);
  return {
    method: req.method ?? 'GET',
    path: target.path,
    search: target.search,
    headers: req.headers,
    body,
    ...(body === null ? { bodyTooLarge: true } : {}),
    // Behind `--tls` the socket is the TLS front's: a URL the answer names is https.
    ...((req.socket as { encrypted?: boolean }).encrypted === true ? { secure: true } : {}),
  };
}

function writeAnswer(res: ServerResponse, answer: ListenerAnswer): void {
  res.writeHead(answer.status, answer.headers);
  const { stream } = answer;
  if (!stream) return void res.end(answer.bytes ?? answer.body ?? undefined);
  // The response's close, not the request's: a request whose body was read closes at once.
  stream({ write: (text) => res.write(text), end: () => res.end(), onClose: (fn) => res.on('close', fn) });
}

/**
 * A ListenerApp on node:http, behind the listener's one entrance (guarded-listener.ts: the target check,
 * the request scope, what a handler throws answered in the API's shape, a 500 recorded with its cause).
 * The body is read (up to `bodyLimit`, drained past it) before the app sees the request.
 */
export function nodeListener(
  core: Parameters<typeof guardedListener>[0],
  guard: ListenerGuard,
  app: ListenerApp,
  bodyLimit: number,
): RequestListener {
  return guardedListener(core, guard, async function answerRequest(req, res, target) {
    const request = await readRequest(req, res, target, bodyLimit);
    writeAnswer(res, await app.handle(request));
  });
}
