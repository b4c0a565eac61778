import { SimFailure, type FailureKind } from '../core/errors';
import type { DiskWatch } from '../core/disk-watch';
import { UnsupportedMediaType } from './json';

/** The one failure kind → HTTP status table: every listener's error mapper reads it through statusOf. */
const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  disk_full: 507,
};

/** The HTTP status of a service failure, the same in every API; only the error body differs. */
export function statusOf(err: SimFailure): number {
  return err instanceof UnsupportedMediaType ? 415 : STATUS[err.kind];
}

/**
 * What a handler threw, as a service failure: itself, or the full disk's (507, told to `disk`) when a
 * write found no space; null for anything else (a bug: the API's 500).
 */
export function asFailure(err: unknown, disk: DiskWatch | undefined): SimFailure | null {
  if (err instanceof SimFailure) return err;
  return disk?.failureOf(err) ?? null;
}
