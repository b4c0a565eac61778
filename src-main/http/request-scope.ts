import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:net';
import type { Logger } from '../core/log';

/**
 * The request whose work is running: every timer, callback and promise it starts carries it along. A
 * listener whose requests the simulator does not handle itself (the sample shop) is one scope as a whole.
 */
export interface RequestScope {
  /** The listener, for log lines: `provider API`, `embedded checkout`, `sample shop`. */
  listener: string;
  method?: string;
  path?: string;
  /**
   * Answers the request with its API's 500 if it is still waiting (true), or says it was answered
   * already (false). Absent where the listener cannot be answered from outside (the sample shop).
   */
  fail?: (err: unknown) => boolean;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (a request's handling) in its scope, so an exception it lets escape later is known as its own. */
export function inRequestScope<T>(s: RequestScope, fn: () => T): T {
  return scope.run(s, fn);
}

/**
 * Runs everything a node:http server the simulator does not write itself (the sample shop's) emits in a
 * scope of `listener`: each request in its own (an exception its work lets escape answers it with a plain
 * 500 if it still waits, else is logged), its other events (connections, client errors) in the
 * listener's. The server's own context is not enough: its connections come from a listening socket
 * bound before the scope was entered.
 */
export function scopeEveryRequest(server: Server, listener: string): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'request') return inRequestScope({ listener }, () => emit(event, ...args));
    const [req, res] = args as [IncomingMessage, ServerResponse];
    const path = (req.url ?? '/').split('?')[0];
    const fail = (): boolean => {
      if (res.headersSent || res.destroyed || res.writableEnded) return false;
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      res.end(`${listener} failed unexpectedly; see the simulator's log\n`);
      return true;
    };
    return inRequestScope({ listener, method: req.method, path, fail }, () => emit(event, ...args));
  }) as typeof server.emit;
}

/** The scope of the work running now, if it was started by a request. */
export const currentRequest = (): RequestScope | undefined => scope.getStore();

/**
 * The process's last line of defence. An exception thrown (or a promise rejected) with nobody to catch it,
 * by work a request started (a timer, an event callback, a promise left floating), would stop the process
 * and every listener with it. Inside a request's scope it is that request's failure instead: logged, the
 * request answered with its API's 500 if it still waits, and the process goes on. Outside any request (a
 * timer of the core) it stops the process as Node would (the trace, exit code 1): what was committed to
 * SQLite survives, and carrying on would hide a bug of the simulator's own. Returns the uninstaller.
 */
export function containRequestErrors(
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const escaped = (err: unknown, how: string) => {
    const s = scope.getStore();
    if (!s) {
      log.error(`${how} outside any request: the simulator stops`, err);
      return exit(1);
    }
    const answered = s.fail?.(err) ?? false;
    // Work a request started carries its scope however far it goes (a timer it armed, and the timers
    // those arm): "started by" is as much as can be said of where the exception came from.
    const where = s.method === undefined ? 'its work' : `work started by ${s.method} ${s.path}`;
    const what = `${s.listener}: ${how} escaped ${where}`;
    log.error(
      `${what} (${answered ? 'answered 500' : 'after its answer'}); the simulator goes on`,
      answered ? undefined : err,
    );
  };
  const onException = (err: unknown) => escaped(err, 'an uncaught exception');
  const onRejection = (reason: unknown) => escaped(reason, 'an unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
