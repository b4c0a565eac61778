import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FieldProblem } from '@shared/schemas/common.schema';
import type { Core } from '../core/create-core';
import { exchangeId } from '../core/exchanges/exchange-id';
import { maskHeaders } from '../core/exchanges/mask';
import { originForm } from '../net/request-head';
import { DEFAULT_WIRE_LIMITS } from '../net/wire-limits';
import { splitTarget } from './router';
import { causeOf } from './internal-error';
import { asFailure } from './failure-status';
import { inRequestScope, type RequestScope } from './request-scope';
import { malformedEscape } from './target-check';

/** A refusal or failure as the listener's API words it. */
export interface Failure {
  status: number;
  code: string;
  message: string;
  problems?: readonly FieldProblem[];
}

/** What a node:http listener of the simulator answers by itself, in its own API's terms. */
export interface ListenerGuard {
  /** The listener's name in log lines (`embedded checkout`). */
  name: string;
  /** The exchange kind its 500s are recorded under. */
  kind: string;
  /** The error code of a 400 for a malformed target. */
  invalidCode: string;
  /** The typed failures its handlers throw (SimFailure), as answers; null for anything unexpected. */
  known(err: unknown): Failure | null;
  /** The API's error body for a failure. */
  body(f: Failure): unknown;
  /** The request's URL as the log keeps it (without secrets); path and query by default. */
  loggedUrl?(path: string, search: string): string;
}

/** A handler of the guarded listener, given the request target already split (and known to decode). */
export type GuardedHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  target: { path: string; search: string },
) => void | Promise<void>;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

const INTERNAL = 'the simulator failed unexpectedly; see its log';

/**
 * A request's body, or null when it is over `limit` bytes. A body too large is drained (up to the HTTP
 * servers' drain limit) before the refusal goes out, as the own server does: stopping mid-body destroyed
 * the socket under an answer that said keep-alive, and the client's next request on it was reset. Past
 * the drain limit the refusal goes out at once, with `Connection: close`.
 */
export function readLimitedBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  drainLimit = DEFAULT_WIRE_LIMITS.drainLimit,
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) parts.push(chunk);
      else if (size > drainLimit && !done) {
        done = true;
        res.shouldKeepAlive = false;
        resolve(null);
      }
    });
    req.on('end', () => {
      if (!done) resolve(size > limit ? null : Buffer.concat(parts, size));
      done = true;
    });
    req.on('error', (err) => {
      if (!done) reject(err);
      done = true;
    });
  });
}

/**
 * The one entrance of a node:http listener (the embedded checkout's, the console's): the target checked
 * before any handler reads it (a malformed percent-escape is a 400 naming it), and whatever a handler
 * throws, at once, in its promise or later from work it started (request-scope.ts), answered in the API's
 * shape: a typed failure as its status, anything else as a 500 recorded in the exchange log with its
 * cause. No request stops the process.
 */
export function guardedListener(
  core: Pick<Core, 'log' | 'exchanges' | 'clock'> & { disk?: Core['disk'] },
  g: ListenerGuard,
  handler: GuardedHandler,
): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const at = core.clock.now();
    const method = req.method ?? 'GET';
    const { path, search } = splitTarget(originForm(req.url ?? '/'));
    const scope: RequestScope = { listener: g.name, method, path };

    const internal = (err: unknown): Failure => {
      core.log.error(`${g.name}: ${method} ${path} failed`, err);
      const f = { status: 500, code: 'INTERNAL_ERROR', message: INTERNAL };
      const body = JSON.stringify(g.body(f));
      core.exchanges.record({
        id: exchangeId(),
        order_id: null,
        direction: 'in',
        kind: g.kind,
        method,
        url: g.loggedUrl?.(path, search) ?? (search ? `${path}?${search}` : path),
        status: 500,
        duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
        at: new Date(at).toISOString(),
        request: { headers: maskHeaders(req.headers), body: null },
        response: { headers: { 'Content-Type': 'application/json' }, body },
        outcome: 'INTERNAL_ERROR',
        violations: [],
        error: causeOf(err),
      });
      return f;
    };
    /** Answers a failure if the request still waits for its answer; false when it cannot be. */
    const fail = (err: unknown): boolean => {
      // The client went away (an aborted body, a closed stream): nobody to answer.
      if (res.destroyed || res.writableEnded) return false;
      if (res.headersSent) {
        core.log.error(`${g.name}: ${method} ${path} failed in the middle of its answer`, err);
        res.destroy();
        return false;
      }
      // A full disk is a failure the API words (507), not a bug of the listener's code.
      const f = g.known(asFailure(err, core.disk) ?? err) ?? internal(err);
      sendJson(res, f.status, g.body(f));
      return true;
    };
    scope.fail = fail;
    // Answered or gone: work the request started and that outlives it need not keep the request.
    res.once('close', () => (scope.fail = undefined));

    inRequestScope(scope, () => {
      const bad = malformedEscape(path, search);
      if (bad) {
        const message = `${bad.path}: ${bad.message}`;
        return sendJson(res, 400, g.body({ status: 400, code: g.invalidCode, message, problems: [bad] }));
      }
      try {
        const out = handler(req, res, { path, search });
        if (out instanceof Promise) out.catch(fail);
      } catch (err) {
        fail(err);
      }
    });
  };
}
