import type { FieldProblem } from '@shared/schemas/common.schema';

export type FailureKind =
  | 'invalid'
  | 'unauthorized'
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'too_large'
  /** A write found no space on the disk holding the data folder (507 Insufficient Storage). */
  | 'disk_full';

/**
 * A typed failure raised by a service. Each HTTP app maps it to its own API's error shape;
 * `code` is the API's code where the spec names one (READ_ONLY_ORDER, NO_SUCH_ORDER, …).
 */
export class SimFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: string,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'SimFailure';
  }
}

export const invalid = (problems: readonly FieldProblem[], code = 'BAD_VALUE'): SimFailure =>
  new SimFailure('invalid', code, problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);

export const notFound = (what: string, code = 'NOT_FOUND'): SimFailure =>
  new SimFailure('not_found', code, `${what} was not found`);
