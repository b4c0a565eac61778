import { type ReactNode } from 'react';

/**
 * One column's header cell: a plain string is a text heading; an object says what else the cell carries
 * (right-aligned numbers, a width for the editors' fixed layout, a name for a heading with no text).
 */
export type Column =
  string | { label?: ReactNode; num?: boolean; className?: string; width?: string; ariaLabel?: string };

/** A right-aligned column of figures (amounts, counts, durations), as the `num` class aligns its cells. */
export const num = (label: string): Column => ({ label, num: true });

function HeaderCell({ column }: { column: Column }) {
  if (typeof column === 'string') return <th>{column}</th>;
  const { label, num, className, width, ariaLabel } = column;
  return (
    <th className={num ? 'num' : className} style={width ? { width } : undefined} aria-label={ariaLabel}>
      {label}
    </th>
  );
}

/**
 * The console's tables as every page shows them: a scrolling frame (unless `wrap` is off), one header row
 * built from `columns`, the rows as children and an optional footer. One place for that markup, so the
 * pages' tables cannot drift apart in look.
 */
export function DataTable({
  columns,
  className = 'table',
  testId,
  wrap = true,
  foot,
  children,
}: {
  columns: readonly Column[];
  className?: string;
  testId?: string;
  wrap?: boolean;
  foot?: ReactNode;
  children: ReactNode;
}) {
  const table = (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <HeaderCell key={i} column={c} />
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
  return wrap ? <div className="table-wrap">{table}</div> : table;
}
