import type { SimFailure, FailureKind } from '../core/errors';
import { UnsupportedMediaType } from './json';

const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
};

/** The HTTP status of a service failure, the same in every API; only the error body differs. */
export function statusOf(err: SimFailure): number {
  return err instanceof UnsupportedMediaType ? 415 : STATUS[err.kind];
}
