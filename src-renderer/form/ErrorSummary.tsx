import { summaryOf, useFormKit } from './form-kit';
import { errorTitle, type FormErrors } from './problems';

/**
 * The headline of a refused operation, next to the form that sent it: the error's title and message, each
 * problem a field shows as a link to that field, and the problems no field shows (each with its path).
 *
 * Inside a kit Form, `errors` defaults to the form's; `claims` names the paths the form shows beside
 * parts that are not kit Fields (rows of a list), so they are counted rather than listed.
 */
export function ErrorSummary({
  errors,
  claims,
  testId,
}: {
  errors?: FormErrors | null;
  claims?: (path: string) => boolean;
  testId: string;
}) {
  const kit = useFormKit();
  const shown = errors === undefined ? (kit?.errors ?? null) : errors;
  if (!shown) return null;
  const model = summaryOf(shown, kit?.fields ?? [], claims);
  return (
    <div
      className="notice notice-error form-errors"
      role="alert"
      tabIndex={-1}
      data-testid={testId}
      data-code={shown.code}
    >
      <strong>{errorTitle(shown.code)}</strong>
      {shown.problems.length === 0 && <div className="selectable">{shown.message}</div>}
      {model.linked.length > 0 && (
        <ul className="form-errors-fields">
          {model.linked.map(({ problem, field }, i) => (
            <li key={i}>
              <button
                type="button"
                className="form-errors-link"
                onClick={() => focusControl(field.targetId)}
                data-testid={`${testId}-link`}
              >
                {field.label}
              </button>
              : {problem.path === field.path ? '' : `${problem.path}: `}
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      {model.marked > 0 && <div>{markedLine(model.marked, model.linked.length > 0)}</div>}
      {model.unclaimed.length > 0 && (
        <ul>
          {model.unclaimed.map((p, i) => (
            <li key={i}>
              <span className="mono">{p.path}</span>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The problems shown beside parts of the form that are not kit fields, counted (after the linked ones: "more"). */
function markedLine(n: number, more: boolean): string {
  const one = more ? 'One more problem' : 'One problem';
  return n === 1
    ? `${one}, marked beside its field.`
    : `${n}${more ? ' more' : ''} problems, each marked beside its field.`;
}

/** Moves the focus to a field's control (or the first control inside it, for a control with a button beside it). */
function focusControl(id: string): void {
  const target = document.getElementById(id);
  const control = target?.matches('input, select, textarea')
    ? target
    : target?.querySelector<HTMLElement>('input, select, textarea');
  (control ?? target)?.focus();
}
