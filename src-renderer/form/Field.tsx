import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
} from 'react';
import { useFormKit } from './form-kit';
import { problemAt, problemsUnder } from './problems';

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

type Control = ReactElement<Record<string, unknown>>;

/**
 * A labelled form field with its hint and its error underneath. Its control (the first child) is marked
 * `aria-invalid` while there is an error, and `aria-describedby` the hint and the error, so a screen reader
 * reads them with the field.
 *
 * With `path`, the field shows the form's problem at that path (and, with `under`, the ones inside it),
 * unless `error` says otherwise, and the form's error summary links to it.
 */
export function Field({
  label,
  path,
  under = false,
  error,
  hint,
  testId,
  className,
  children,
}: {
  label: string;
  path?: string;
  under?: boolean;
  error?: string;
  hint?: ReactNode;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const kit = useFormKit();
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const first = Children.toArray(children)[0];
  const ownId = isValidElement(first) ? (first as Control).props.id : undefined;
  const targetId = typeof ownId === 'string' ? ownId : `${baseId}-control`;
  const shown = error ?? problemOf(kit?.errors ?? null, path, under);

  const register = kit?.register;
  useEffect(
    () => (register && path !== undefined ? register({ path, under, label, targetId }) : undefined),
    [register, path, under, label, targetId],
  );

  const describedBy = [hint ? hintId : '', shown ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const marked = Children.map(children, (child, i) =>
    i === 0 && isValidElement(child)
      ? cloneElement(child as Control, {
          id: targetId,
          'aria-invalid': shown ? true : undefined,
          'aria-describedby': describedBy,
        })
      : child,
  );
  return (
    <label className={`field${shown ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <span className="field-label">{label}</span>
      {marked}
      {hint && (
        <span className="hint field-hint" id={hintId}>
          {hint}
        </span>
      )}
      <FieldError message={shown} testId={`${testId}-error`} id={errorId} />
    </label>
  );
}

/** The message(s) a field at `path` shows; problems inside it are prefixed with their own path. */
function problemOf(errors: Parameters<typeof problemAt>[0], path: string | undefined, under: boolean) {
  if (path === undefined) return undefined;
  if (!under) return problemAt(errors, path);
  const found = problemsUnder(errors, path);
  if (found.length === 0) return undefined;
  return found.map((p) => (p.path === path ? p.message : `${p.path}: ${p.message}`)).join('; ');
}
