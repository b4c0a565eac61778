import { type FieldProblem } from '@shared/schemas/common.schema';
import { ControlApiError } from '../api/control-api';

/** A refused operation as a form shows it: a headline and the problems, each naming its field. */
export interface FormErrors {
  code: string;
  message: string;
  problems: readonly FieldProblem[];
}

/** Reads any thrown error as FormErrors; null when there is none. */
export function toFormErrors(err: unknown): FormErrors | null {
  if (err === null || err === undefined) return null;
  if (err instanceof ControlApiError) return { code: err.code, message: err.message, problems: err.problems };
  return { code: 'unknown', message: err instanceof Error ? err.message : String(err), problems: [] };
}

/** The message(s) for exactly this field, joined; undefined when it has none. */
export function problemAt(errors: FormErrors | null, path: string): string | undefined {
  const found = errors?.problems.filter((p) => p.path === path) ?? [];
  return found.length === 0 ? undefined : found.map((p) => p.message).join('; ');
}

/** The problems of a field and everything inside it, e.g. `order_lines[2]` and `order_lines[2].name`. */
export function problemsUnder(errors: FormErrors | null, prefix: string): FieldProblem[] {
  return (errors?.problems ?? []).filter(
    (p) => p.path === prefix || p.path.startsWith(`${prefix}.`) || p.path.startsWith(`${prefix}[`),
  );
}

/** Problems no field on the form claims, so the summary can list them instead of losing them. */
export function unclaimedProblems(
  errors: FormErrors | null,
  isClaimed: (path: string) => boolean,
): FieldProblem[] {
  return (errors?.problems ?? []).filter((p) => !isClaimed(p.path));
}

/** The code of problems the console found itself, before sending anything. */
export const FORM_INVALID = 'FORM_INVALID';

const TITLES: Record<string, string> = {
  [FORM_INVALID]: 'Fix the marked fields: nothing was sent',
  BAD_VALUE: 'The simulator refused the input',
  BAD_INPUT: 'The simulator refused the input',
  STEP_OUT_OF_ORDER: 'This step cannot run yet',
  READ_ONLY_ORDER: 'The order can no longer change',
  NOT_FOUND: 'The order does not exist',
  not_found: 'The order does not exist',
  network: 'The simulator cannot be reached',
  VALIDATION_FAILED: 'The simulator refused the input',
  ARGUMENT_NOT_VALID: 'The simulator refused the input',
  ORIGIN_NOT_ALLOWED: 'An origin was refused',
  CLIENT_NOT_FOUND: 'The client does not exist',
  DEVICE_NOT_FOUND: 'The device is not registered',
  DEVICE_BUSY: 'The device is busy',
  SESSION_NOT_FOUND: 'The session does not exist',
  SESSION_NOT_OPEN: 'The session has already ended',
};

/** A headline for an error code, in words. */
export function errorTitle(code: string): string {
  return TITLES[code] ?? 'The operation failed';
}
