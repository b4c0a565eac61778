import { type FieldProblem } from '@shared/schemas/common.schema';
import { type ReactNode } from 'react';
import { errorTitle, type FormErrors } from './problems';

/** A field's own error, under the field. */
export function FieldError({ message, testId }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <span className="field-error" role="alert" data-testid={testId}>
      {message}
    </span>
  );
}

/**
 * The headline of a refused operation, next to the form that sent it: the error's title and message, and the
 * problems no field on the form shows itself (each with the path it names).
 */
export function ErrorSummary({
  errors,
  unclaimed,
  testId,
}: {
  errors: FormErrors | null;
  unclaimed?: readonly FieldProblem[];
  testId: string;
}) {
  if (!errors) return null;
  const rest = unclaimed ?? errors.problems;
  return (
    <div
      className="notice notice-error form-errors"
      role="alert"
      data-testid={testId}
      data-code={errors.code}
    >
      <strong>{errorTitle(errors.code)}</strong>
      {errors.problems.length === 0 && <div className="selectable">{errors.message}</div>}
      {errors.problems.length > 0 && rest.length < errors.problems.length && (
        <div>Fix the marked fields.</div>
      )}
      {rest.length > 0 && (
        <ul>
          {rest.map((p, i) => (
            <li key={i}>
              <span className="mono">{p.path}</span>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A labelled form field with its error underneath. */
export function Field({
  label,
  error,
  testId,
  className,
  children,
}: {
  label: string;
  error?: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <span className="field-label">{label}</span>
      {children}
      <FieldError message={error} testId={`${testId}-error`} />
    </label>
  );
}
