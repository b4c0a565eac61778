import { type FieldProblem } from '@shared/schemas/common.schema';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { errorTitle, type FormErrors } from './problems';

/** A field's own error, under the field; `id` lets its input name it (aria-describedby). */
export function FieldError({
  message,
  testId,
  id,
}: {
  message: string | undefined;
  testId?: string;
  id?: string;
}) {
  if (!message) return null;
  return (
    <span className="field-error" role="alert" id={id} data-testid={testId}>
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
      tabIndex={-1}
      data-testid={testId}
      data-code={errors.code}
    >
      <strong>{errorTitle(errors.code)}</strong>
      {errors.problems.length === 0 && <div className="selectable">{errors.message}</div>}
      {errors.problems.length > 0 && rest.length < errors.problems.length && (
        <div>{markedLine(errors.problems.length - rest.length)}</div>
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

const markedLine = (n: number) =>
  n === 1 ? 'One problem, marked beside its field.' : `${n} problems, each marked beside its field.`;

/**
 * A labelled form field with its error underneath. Its control (the first child) is marked
 * `aria-invalid` while there is an error, and `aria-describedby` the error, so a screen reader reads
 * the problem with the field.
 */
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
  const errorId = useId();
  const marked = Children.map(children, (child, i) =>
    i === 0 && isValidElement(child)
      ? cloneElement(child as ReactElement<Record<string, unknown>>, {
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })
      : child,
  );
  return (
    <label className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <span className="field-label">{label}</span>
      {marked}
      <FieldError message={error} testId={`${testId}-error`} id={errorId} />
    </label>
  );
}
