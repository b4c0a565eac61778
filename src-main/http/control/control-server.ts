import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Control } from '../../core/control';
import type { Core } from '../../core/create-core';
import { SimFailure, type FailureKind } from '../../core/errors';
import { asFailure } from '../failure-status';
import { eventFeed } from '../../core/event-feed';
import { isJsonType } from '../json';
import { statusOf } from '../failure-status';
import {
  guardedListener,
  readLimitedBody,
  type GuardedHandler,
  type ListenerGuard,
} from '../guarded-listener';
import { hostRefusal, type HostRule } from '../host-check';
import { readStatic } from './static-files';

const MAX_BODY = 1024 * 1024;

/** The control API's statuses by failure kind; any other refusal is a 409. */
const CONTROL_STATUS: Partial<Record<FailureKind, number>> = {
  not_found: 404,
  invalid: 400,
  forbidden: 403,
  disk_full: 507,
};
const CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The control API is unauthenticated, so it only answers requests that name this server in Host by a
 * name no one else's DNS decides (host-check.ts, as the embedded checkout: defeats DNS rebinding) and,
 * when a browser sends Origin, come from the console's own origin (CSRF). The port is not compared, so
 * the console works at the address `--host` gives it and behind a mapped port (Docker).
 */
export function sameOriginGuard(req: IncomingMessage, rule: HostRule): string | null {
  const host = req.headers.host ?? '';
  const refused = hostRefusal(req.headers.host, rule);
  if (refused) return refused;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `Origin '${origin}' is not this console`;
  return null;
}

async function invoke(
  core: Core,
  control: Control,
  op: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!isJsonType(req.headers['content-type'])) {
    return send(res, 415, {
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Content-Type must be application/json' },
    });
  }
  const body = await readLimitedBody(req, res, MAX_BODY);
  if (body === null)
    return send(res, 413, { ok: false, error: { code: 'BAD_INPUT', message: 'body too large' } });
  let input: unknown;
  try {
    const text = body.toString('utf8');
    input = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    const problems = [{ path: '(body)', message: 'is not valid JSON' }];
    return send(res, 400, {
      ok: false,
      error: { code: 'BAD_INPUT', message: '(body): is not valid JSON', problems },
    });
  }
  try {
    send(res, 200, { ok: true, value: await control.invoke(op, input) });
  } catch (thrown) {
    const err = asFailure(thrown, core.disk);
    if (err) {
      const status = CONTROL_STATUS[err.kind] ?? 409;
      const problems = err.problems.length > 0 ? { problems: err.problems } : {};
      return send(res, status, { ok: false, error: { code: err.code, message: err.message, ...problems } });
    }
    throw thrown; // the listener's 500, logged and recorded with its cause (guarded-listener.ts)
  }
}

function events(core: Core, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  // `retry`: a console that lost the simulator tries again every second (EventSource's default is 3 s).
  res.write(': connected\nretry: 1000\n\n');
  // One write per batch of events (event-feed.ts bounds how many a burst sends).
  const off = eventFeed(core.events, (batch) => {
    let text = '';
    for (const [name, payload] of batch) text += `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    res.write(text);
  });
  // A comment line now and then keeps proxies and idle timers from closing the stream.
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  req.on('close', () => {
    off();
    clearInterval(ping);
  });
}

/** The control API's answers of its own: a malformed target, a failure of the listener's code. */
const CONTROL_GUARD: ListenerGuard = {
  name: 'console',
  kind: 'control.request',
  invalidCode: 'BAD_INPUT',
  known: (err) =>
    err instanceof SimFailure
      ? { status: statusOf(err), code: err.code, message: err.message, problems: err.problems }
      : null,
  body: (f) => ({
    ok: false,
    error: {
      code: f.code,
      message: f.message,
      ...(f.problems && f.problems.length > 0 ? { problems: f.problems } : {}),
    },
  }),
};

/**
 * The console's listener: the built renderer, the control contract over HTTP (`control`: the console's,
 * console-control.ts), and its event stream.
 */
export function controlServer(
  core: Core,
  control: Control,
  rendererDir: string | null,
  hostRule: HostRule,
): Server {
  const handle: GuardedHandler = (req, res, { path }) => {
    const refused = sameOriginGuard(req, hostRule);
    if (refused) return send(res, 403, { ok: false, error: { code: 'FORBIDDEN', message: refused } });
    if (path.startsWith('/control/invoke/') && req.method === 'POST') {
      return invoke(core, control, decodeURIComponent(path.slice('/control/invoke/'.length)), req, res);
    }
    if (path === '/control/events' && req.method === 'GET') return events(core, req, res);
    if (req.method !== 'GET')
      return send(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: path } });
    if (!rendererDir) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('The console is not built: run `npm run build`, then reload.\n');
    }
    return readStatic(rendererDir, path).then((file) => {
      if (!file) return send(res, 404, { ok: false, error: { code: 'NOT_FOUND', message: path } });
      res.writeHead(200, {
        'Content-Type': file.type,
        'Content-Security-Policy': CSP,
        'Cache-Control': 'no-cache',
      });
      res.end(file.body);
    });
  };
  return createServer(guardedListener(core, CONTROL_GUARD, handle));
}
