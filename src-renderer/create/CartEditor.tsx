import { ORDER_LINE_TYPES } from '@shared/schemas/checkout-order.schema';
import { formatMoney } from '../format/money';
import { problemAt, problemsUnder, type FormErrors } from '../form/problems';
import { cartTotals } from '../format/cart-math';
import { lineTotals, newLine, type LineDraft } from './order-form';
import { RemoveRowButton, RowProblems } from './EditorRow';
import { DataTable } from '../ui/DataTable';
import { Options } from '../form/Options';

type TextKey = 'reference' | 'name' | 'quantity' | 'unit_price' | 'tax_rate' | 'discount';
/** Editable columns, with the API field each one fills (for its errors). */
const COLUMNS: Array<{ key: TextKey; label: string; field: string; num?: boolean; width: string }> = [
  { key: 'reference', label: 'Reference', field: 'reference', width: '7em' },
  { key: 'name', label: 'Name', field: 'name', width: 'auto' },
  { key: 'quantity', label: 'Qty', field: 'quantity', num: true, width: '4.5em' },
  { key: 'unit_price', label: 'Unit price', field: 'unit_price', num: true, width: '7em' },
  { key: 'tax_rate', label: 'Tax %', field: 'tax_rate', num: true, width: '4.5em' },
  { key: 'discount', label: 'Discount', field: 'total_discount_amount', num: true, width: '6.5em' },
];

/** The cart editor: lines in, each line's total and tax and the order's totals computed as the spec does. */
export function CartEditor({
  lines,
  currency,
  errors,
  onChange,
}: {
  lines: LineDraft[];
  currency: string;
  errors: FormErrors | null;
  onChange: (lines: LineDraft[]) => void;
}) {
  const computed = lines.map((l) => lineTotals(l, currency));
  const totals = cartTotals(computed.map((c) => c.line ?? { total_amount: 0, total_tax_amount: 0 }));
  const set = (i: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const money = (n: number | undefined) => (n === undefined ? '—' : formatMoney(n, currency));
  return (
    <DataTable
      columns={[
        { label: 'Type', width: '8.5em' },
        ...COLUMNS,
        { label: 'Total', num: true, width: '9em' },
        { label: 'Tax', num: true, width: '8.5em' },
        { ariaLabel: 'Remove', width: '3em' },
      ]}
      className="table editor"
      testId="cart-editor"
      foot={
        <>
          <tr className="totals">
            <th colSpan={COLUMNS.length + 1} scope="row">
              <button
                type="button"
                className="btn btn-small add-line"
                onClick={() => onChange([...lines, newLine()])}
                data-testid="cart-add-line"
              >
                + Add line
              </button>
              Order total
            </th>
            <td className="num" data-testid="cart-total">
              {money(totals.order_amount)}
            </td>
            <td className="num" data-testid="cart-tax-total">
              {money(totals.order_tax_amount)}
            </td>
            <td />
          </tr>
        </>
      }
    >
      {lines.map((line, i) => {
        const rowProblems = problemsUnder(errors, `order_lines[${i}]`);
        const local = new Set(computed[i]!.problems.map((p) => p.path));
        return [
          <tr key={line.key} data-testid="cart-line">
            <td>
              <select
                className="input cell-input"
                value={line.type}
                onChange={(e) => set(i, { type: e.target.value })}
                aria-label="Type"
                data-testid="cart-line-type"
              >
                <Options values={ORDER_LINE_TYPES} />
              </select>
            </td>
            {COLUMNS.map((c) => {
              const invalid = local.has(c.field) || problemAt(errors, `order_lines[${i}].${c.field}`);
              return (
                <td key={c.key}>
                  <input
                    className={`input cell-input${c.num ? ' num' : ''}${invalid ? ' invalid' : ''}`}
                    value={line[c.key]}
                    onChange={(e) => set(i, { [c.key]: e.target.value })}
                    inputMode={c.num ? 'decimal' : undefined}
                    aria-label={c.label}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={
                      invalid && rowProblems.length > 0 ? `cart-line-${line.key}-problems` : undefined
                    }
                    spellCheck={false}
                    data-testid={`cart-line-${c.key}`}
                  />
                </td>
              );
            })}
            <td className="num" data-testid="cart-line-total">
              {money(computed[i]!.line?.total_amount)}
            </td>
            <td className="num" data-testid="cart-line-tax">
              {money(computed[i]!.line?.total_tax_amount)}
            </td>
            <td>
              <RemoveRowButton
                label={`Remove line ${i + 1}`}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
                testId="cart-line-remove"
              />
            </td>
          </tr>,
          rowProblems.length > 0 && (
            <RowProblems
              key={`${line.key}-errors`}
              problems={rowProblems}
              colSpan={COLUMNS.length + 4}
              testId="cart-line-error"
              id={`cart-line-${line.key}-problems`}
            />
          ),
        ];
      })}
    </DataTable>
  );
}
