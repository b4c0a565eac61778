import { problemMessages } from '@shared/rules/schema-problems';
import type { SimFailure } from '../../core/errors';
import type { DiskWatch } from '../../core/disk-watch';
import { asFailure, statusOf } from '../failure-status';
import type { Logger } from '../../core/log';
import { noteInternalError } from '../internal-error';
import { json } from '../json';
import type { ExchangeMeta, HttpRequest, HttpResponse } from '../router';
import type { RefusalRenderer } from '../../net/message';
import { refusalCode } from '../refusal-codes';

/** The integrator API's error body (GAPS.md): `{"failure_reason": "…"}`. */
export function failure(status: number, reason: string, headers?: Record<string, string>): HttpResponse {
  return json(status, { failure_reason: reason }, headers);
}

/**
 * The reason is the failure's code (`shipping_option_not_available`), followed by the field problems when
 * the request broke the schema, so a developer sees which field to fix.
 */
function reasonOf(err: SimFailure): string {
  return err.problems.length > 0 ? `${err.code}: ${problemMessages(err.problems).join('; ')}` : err.code;
}

/** What the fake integrator's server refuses by itself, in its error shape (`bad_request: <reason>`). */
export const integratorRefusal: RefusalRenderer = (status, reason) =>
  failure(status, `${refusalCode(status).toLowerCase()}: ${reason}`);

/** Maps what an integrator handler throws to the integrator's error body. */
export function integratorErrorMapper(log: Logger, disk?: DiskWatch) {
  return (thrown: unknown, meta: ExchangeMeta): HttpResponse => {
    const err = asFailure(thrown, disk);
    if (err) {
      meta.outcome = err.code;
      // GAPS.md: wrong credentials on POST /auth are a 401 with no body at all.
      if (err.kind === 'unauthorized') return { status: 401, headers: {}, body: null };
      return failure(statusOf(err), reasonOf(err));
    }
    noteInternalError(log, thrown, meta, 'internal_error');
    return failure(500, 'internal_error');
  };
}

export function integratorNotFound(req: HttpRequest, allowed: string[]): HttpResponse {
  if (allowed.length > 0) {
    return failure(405, `method_not_allowed: ${req.method} is not allowed on ${req.path}`, {
      allow: allowed.join(', '),
    });
  }
  return failure(404, `not_found: no endpoint ${req.method} ${req.path}`);
}
