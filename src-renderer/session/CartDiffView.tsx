import { type OrderLine } from '@shared/schemas/checkout-order.schema';
import { type Change, type StepName } from '@shared/schemas/session.schema';
import { formatMoney, formatTaxRate } from '../format/money';
import { useMoneyLocale } from '../format/MoneyLocale';
import { cartDiff, type LineDiff } from './cart-diff';
import { DataTable, num } from '../ui/DataTable';

const KIND_LABEL = { added: 'added', removed: 'removed', changed: 'changed', same: '' } as const;

/** The cart before and after a step: lines (added, removed, changed cells), totals, other changed fields. */
export function CartDiffView({
  changes,
  currency,
  step,
}: {
  changes: readonly Change[];
  currency: string;
  step: StepName;
}) {
  const locale = useMoneyLocale();
  const d = cartDiff(changes, currency, step, locale);
  return (
    <div className="diff" data-testid="cart-diff">
      <h3>What changed</h3>
      {d.lines && <p className="hint diff-caption">Order lines, changed by {d.linesBy}:</p>}
      {d.lines && (
        <DataTable
          columns={[
            {},
            'Name',
            'Reference',
            num('Qty'),
            num('Unit price'),
            num('Tax rate'),
            num('Total'),
            num('Tax'),
          ]}
          className="table diff-table"
          testId="diff-lines"
        >
          {d.lines.map((l, i) => (
            <DiffRow key={i} diff={l} before={d.currencyBefore} after={d.currencyAfter} />
          ))}
        </DataTable>
      )}
      {(d.totals.length > 0 || d.fields.length > 0) && (
        <DataTable
          columns={['Field', 'Before', 'After', 'Changed by']}
          className="diff-fields"
          testId="diff-fields"
          wrap={false}
        >
          {[...d.totals, ...d.fields].map((f) => (
            <tr
              key={f.field}
              className={d.totals.includes(f) ? 'diff-total' : undefined}
              data-testid={`diff-field-${f.field}`}
            >
              <th className="mono">{f.field}</th>
              <td className="was">{f.before}</td>
              <td className="now">{f.after}</td>
              <td className="by">{f.by}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

type Col = 'quantity' | 'unit_price' | 'tax_rate' | 'total_amount' | 'total_tax_amount';
const COLS: Col[] = ['quantity', 'unit_price', 'tax_rate', 'total_amount', 'total_tax_amount'];

function show(line: OrderLine, col: Col, currency: string, locale: string): string {
  if (col === 'quantity') return String(line.quantity);
  if (col === 'tax_rate') return formatTaxRate(line.tax_rate);
  return formatMoney(line[col], currency, locale);
}

function DiffRow({ diff, before, after }: { diff: LineDiff; before: string; after: string }) {
  const locale = useMoneyLocale();
  const line = (diff.after ?? diff.before)!;
  return (
    <tr className={`diff-${diff.kind}`} data-testid="diff-line" data-kind={diff.kind}>
      <td>
        {diff.kind !== 'same' && (
          <span className={`diff-tag diff-tag-${diff.kind}`}>{KIND_LABEL[diff.kind]}</span>
        )}
      </td>
      <td>{line.name}</td>
      <td className="mono">{line.reference ?? '—'}</td>
      {COLS.map((col) => {
        const changed = diff.kind === 'changed' && diff.fields.includes(col);
        const cur = diff.after ? after : before;
        return (
          <td key={col} className="num">
            {changed && diff.before && <span className="was">{show(diff.before, col, before, locale)}</span>}
            {changed && ' → '}
            <span className={changed ? 'now' : undefined}>{show(line, col, cur, locale)}</span>
          </td>
        );
      })}
    </tr>
  );
}
