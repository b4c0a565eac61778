import { type FieldProblem } from '@shared/schemas/common.schema';

/** The ✕ that removes one row of an editable table (cart lines, shipping options). */
export function RemoveRowButton(props: { label: string; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={props.onClick}
      aria-label={props.label}
      data-testid={props.testId}
    >
      ✕
    </button>
  );
}

/**
 * A full-width row under an editable row listing its problems, field by field; `id` lets the row's inputs
 * name it (aria-describedby).
 */
export function RowProblems(props: {
  problems: readonly FieldProblem[];
  colSpan: number;
  testId: string;
  id: string;
}) {
  return (
    <tr className="row-errors">
      <td colSpan={props.colSpan} data-testid={props.testId} id={props.id}>
        {props.problems.map((p, j) => (
          <div key={j} className="field-error">
            <span className="mono">{p.path}</span>: {p.message}
          </div>
        ))}
      </td>
    </tr>
  );
}
