import { SHIPPING_METHODS } from '@shared/schemas/checkout-order.schema';
import { currencyDigits, formatMoney } from '../format/money';
import { problemAt, problemsUnder, type FormErrors } from '../form/problems';
import { parseMajor, parseTaxRate, taxOf } from '../format/cart-math';
import { newOption, type OptionDraft } from './order-form';
import { RemoveRowButton, RowProblems } from './EditorRow';
import { DataTable } from '../ui/DataTable';
import { Options } from '../form/Options';

type TextKey = 'id' | 'name' | 'price' | 'tax_rate' | 'description';
const COLUMNS: Array<{ key: TextKey; label: string; num?: boolean; width: string }> = [
  { key: 'id', label: 'Id', width: '7em' },
  { key: 'name', label: 'Name', width: 'auto' },
  { key: 'price', label: 'Price', num: true, width: '7em' },
  { key: 'tax_rate', label: 'Tax %', num: true, width: '4.5em' },
  { key: 'description', label: 'Description', width: 'auto' },
];

/** The merchant's own shipping options; exactly one is preselected (a radio group makes sure). */
export function ShippingOptionsEditor({
  options,
  preselected,
  currency,
  errors,
  onChange,
}: {
  options: OptionDraft[];
  preselected: number;
  currency: string;
  errors: FormErrors | null;
  onChange: (options: OptionDraft[], preselected: number) => void;
}) {
  const set = (i: number, patch: Partial<OptionDraft>) =>
    onChange(
      options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
      preselected,
    );
  const remove = (i: number) => {
    const rest = options.filter((_, j) => j !== i);
    const keep = rest.some((o) => o.key === preselected) ? preselected : (rest[0]?.key ?? -1);
    onChange(rest, keep);
  };
  const listError = problemAt(errors, 'shipping_options');
  return (
    <DataTable
      columns={[
        { label: 'Preselected', width: '7em' },
        ...COLUMNS,
        { label: 'Tax', num: true, width: '8.5em' },
        { label: 'Method', width: '9em' },
        { ariaLabel: 'Remove', width: '3em' },
      ]}
      className="table editor"
      testId="options-editor"
      foot={
        <>
          <tr>
            <td colSpan={COLUMNS.length + 4}>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  const added = newOption();
                  // The first option of an empty list is the preselected one.
                  onChange([...options, added], options.length ? preselected : added.key);
                }}
                data-testid="option-add"
              >
                + Add option
              </button>
              {listError && (
                <span className="field-error" data-testid="options-error">
                  {' '}
                  shipping_options: {listError}
                </span>
              )}
            </td>
          </tr>
        </>
      }
    >
      {options.map((o, i) => {
        const price = parseMajor(o.price, currencyDigits(currency));
        const rate = parseTaxRate(o.tax_rate);
        const rowProblems = problemsUnder(errors, `shipping_options[${i}]`);
        return [
          <tr key={o.key} data-testid="option-row">
            <td>
              <input
                type="radio"
                name="preselected"
                checked={o.key === preselected}
                onChange={() => onChange(options, o.key)}
                aria-label={`Preselect option ${i + 1}`}
                data-testid="option-preselected"
              />
            </td>
            {COLUMNS.map((c) => {
              const invalid = problemAt(errors, `shipping_options[${i}].${c.key}`) !== undefined;
              return (
                <td key={c.key}>
                  <input
                    className={`input cell-input${c.num ? ' num' : ''}${invalid ? ' invalid' : ''}`}
                    value={o[c.key]}
                    onChange={(e) => set(i, { [c.key]: e.target.value })}
                    aria-label={c.label}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={invalid ? `option-${o.key}-problems` : undefined}
                    spellCheck={false}
                    data-testid={`option-${c.key}`}
                  />
                </td>
              );
            })}
            <td className="num" data-testid="option-tax">
              {price !== null && rate !== null ? formatMoney(taxOf(price, rate), currency) : '—'}
            </td>
            <td>
              <select
                className="input cell-input"
                value={o.method}
                onChange={(e) => set(i, { method: e.target.value })}
                aria-label="Shipping method"
                data-testid="option-method"
              >
                <option value="">(none)</option>
                <Options values={SHIPPING_METHODS} />
              </select>
            </td>
            <td>
              <RemoveRowButton
                label={`Remove option ${i + 1}`}
                onClick={() => remove(i)}
                testId="option-remove"
              />
            </td>
          </tr>,
          rowProblems.length > 0 && (
            <RowProblems
              key={`${o.key}-errors`}
              problems={rowProblems}
              colSpan={COLUMNS.length + 4}
              testId="option-error"
              id={`option-${o.key}-problems`}
            />
          ),
        ];
      })}
    </DataTable>
  );
}
