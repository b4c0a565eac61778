import { randomUUID } from 'node:crypto';
import type { CheckoutError } from '@shared/schemas/checkout-order.schema';
import type { DiskWatch } from '../../core/disk-watch';
import { asFailure, statusOf } from '../failure-status';
import type { ExchangeMeta, HttpRequest, HttpResponse } from '../router';
import { json } from '../json';
import type { Logger } from '../../core/log';
import { noteInternalError } from '../internal-error';
import type { RefusalRenderer } from '../../net/message';
import { refusalCode } from '../refusal-codes';
import { unknownRoute } from './error-shapes';

/** The checkout API's one error body: `{error_code, error_messages, correlation_id}`. */
export function checkoutError(
  status: number,
  code: string,
  messages: string[],
  headers?: Record<string, string>,
): HttpResponse {
  const id = randomUUID();
  const body: CheckoutError = { error_code: code, error_messages: messages, correlation_id: id };
  // The real service sends the body's correlation id as a header too.
  return json(status, body, { ...headers, 'Klarna-Correlation-Id': id });
}

/**
 * What the provider API's server refuses by itself (a request it cannot read, a time limit), in the
 * API's error shape with its correlation id, as every other answer of the API.
 */
export const checkoutRefusal: RefusalRenderer = (status, reason) =>
  checkoutError(status, refusalCode(status), [reason]);

/** Maps what a checkout or order management handler throws to that body; a full disk is told to `disk`. */
export function checkoutErrorMapper(log: Logger, disk?: DiskWatch) {
  return (thrown: unknown, meta: ExchangeMeta): HttpResponse => {
    const err = asFailure(thrown, disk);
    if (err) {
      meta.outcome = err.code;
      const status = statusOf(err);
      const messages =
        err.problems.length > 0 ? err.problems.map((p) => `${p.path}: ${p.message}`) : [err.message];
      return checkoutError(status, err.code, messages);
    }
    noteInternalError(log, thrown, meta, 'INTERNAL_ERROR');
    return checkoutError(500, 'INTERNAL_ERROR', ['the simulator failed unexpectedly; see its log']);
  };
}

export function checkoutNotFound(req: HttpRequest, allowed: string[]): HttpResponse {
  return unknownRoute(req, allowed, (status, code, message, headers) =>
    checkoutError(status, code, [message], headers),
  );
}
