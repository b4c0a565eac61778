import type { Logger } from '../core/log';
import type { ExchangeMeta } from './router';

const MAX_CAUSE = 2000;

/**
 * What an unexpected exception is recorded with on its exchange: its name and message and the first
 * frames of its stack, so the log says what broke and where without the simulator's stderr at hand.
 */
export function causeOf(err: unknown): string {
  const text =
    err instanceof Error
      ? (err.stack ?? `${err.name}: ${err.message}`).split('\n').slice(0, 6).join('\n')
      : `thrown: ${String(err)}`;
  return text.length > MAX_CAUSE ? `${text.slice(0, MAX_CAUSE)}…` : text;
}

/**
 * The part of every API's 500 that is the same in each: the exception logged, and the exchange marked
 * with the API's outcome code and the exception as its cause. The caller builds the body in its shape.
 */
export function noteInternalError(log: Logger, err: unknown, meta: ExchangeMeta, outcome: string): void {
  log.error(`unexpected error in ${meta.kind}`, err);
  meta.outcome = outcome;
  meta.error = causeOf(err);
}
