import { type FieldProblem } from '@shared/schemas/common.schema';
import { type FormErrors } from '../problems';

/** Field problems from `[path, message]` pairs, in the order given (as the simulator sends them). */
export const problemList = (pairs: ReadonlyArray<readonly [string, string]>): FieldProblem[] =>
  pairs.map(([path, message]) => ({ path, message }));

/** A refused save as the form kit reads it: its code and message, and one problem per `[path, message]`. */
export const refusal = (
  pairs: ReadonlyArray<readonly [string, string]>,
  { code = 'BAD_VALUE', message = 'bad' } = {},
): FormErrors => ({ code, message, problems: problemList(pairs) });
