import type { Problem } from '@shared/schemas/ipp.schema';
import type { SimFailure } from '../../core/errors';
import type { DiskWatch } from '../../core/disk-watch';
import { asFailure, statusOf } from '../failure-status';
import type { Logger } from '../../core/log';
import { noteInternalError } from '../internal-error';
import { UnsupportedMediaType } from '../json';
import type { ExchangeMeta, HttpRequest, HttpResponse } from '../router';
import { BASIC_CHALLENGE, unknownRoute, type ErrorShape } from './error-shapes';

const TITLES: Record<string, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  DEVICE_NOT_FOUND: 'Device not found',
  SESSION_NOT_FOUND: 'Session not found',
  DEVICE_BUSY: 'The device is busy',
  SESSION_NOT_OPEN: 'The session is no longer open',
  UNAUTHORIZED: 'Unauthorized',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  INTERNAL_ERROR: 'Internal error',
  DISK_FULL: 'Insufficient storage',
};

/** RFC 7807 problem details with the field errors; `type` is a URN named after the code. */
export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: Record<string, string>,
  headers: Record<string, string> = {},
): HttpResponse {
  const body: Problem = {
    type: `urn:checkout-sim:problem:${code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[code] ?? code,
    status,
    detail,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
  };
  return {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
    body: JSON.stringify(body),
  };
}

/** The problem code of a failure: the in-person API's own, or one for the generic body checks. */
function codeOf(err: SimFailure): string {
  if (err instanceof UnsupportedMediaType) return 'UNSUPPORTED_MEDIA_TYPE';
  if (err.kind === 'too_large') return 'PAYLOAD_TOO_LARGE';
  if (err.kind === 'invalid') return 'VALIDATION_FAILED';
  return err.code;
}

/** Maps what an in-person handler throws to a problem; several problems on one field are joined. */
export function ippErrorMapper(log: Logger, disk?: DiskWatch) {
  return (thrown: unknown, meta: ExchangeMeta): HttpResponse => {
    const err = asFailure(thrown, disk);
    if (err) {
      const code = codeOf(err);
      meta.outcome = code;
      // A Map, not an object: a problem of a field named `__proto__` must stay a field of `errors`.
      const joined = new Map<string, string>();
      for (const p of err.problems) {
        const before = joined.get(p.path);
        joined.set(p.path, before ? `${before}; ${p.message}` : p.message);
      }
      const errors = Object.fromEntries(joined);
      const status = statusOf(err);
      return problem(status, code, err.message, errors);
    }
    noteInternalError(log, thrown, meta, 'INTERNAL_ERROR');
    return problem(500, 'INTERNAL_ERROR', 'the simulator failed unexpectedly; see its log');
  };
}

/** The in-person API's error shape, for the provider app's guard and unknown routes. */
export function ippErrorShape(log: Logger, disk?: DiskWatch): ErrorShape {
  return {
    prefix: '/ipp/',
    unauthorized: (why) => problem(401, 'UNAUTHORIZED', why, undefined, BASIC_CHALLENGE),
    notFound: (req: HttpRequest, allowed: string[]) =>
      unknownRoute(req, allowed, (status, code, message, headers) =>
        problem(status, code, message, undefined, headers),
      ),
    onError: ippErrorMapper(log, disk),
  };
}
