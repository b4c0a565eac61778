import { FieldError } from '../form/Field';
import { problemAt, type FormErrors } from '../form/problems';

type Method = { method: string; provider: string };

/** A row's two inputs: the field each edits (and its problem path), its label, test id and placeholder. */
const PARTS = [
  ['method', 'Method', 'express-method-name', 'card'],
  ['provider', 'Provider', 'express-method-provider', 'provider'],
] as const;

/** The payment methods of an express configuration: one row of method and provider each. */
export function PaymentMethodsEditor({
  methods,
  errors,
  onChange,
}: {
  methods: readonly Method[];
  errors: FormErrors | null;
  onChange: (next: Method[]) => void;
}) {
  const set = (i: number, patch: Partial<Method>) =>
    onChange(methods.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <fieldset className="methods" data-testid="express-methods">
      <legend className="field-label">Payment methods</legend>
      {methods.map((m, i) => {
        const path = `payment_methods[${i}]`;
        return (
          <div key={i} className="method-row" data-testid="express-method">
            {PARTS.map(([key, label, testId, placeholder]) => (
              <input
                key={key}
                className={`input${problemAt(errors, `${path}.${key}`) ? ' invalid' : ''}`}
                aria-label={`${label} ${i + 1}`}
                value={m[key]}
                onChange={(e) => set(i, { [key]: e.target.value })}
                placeholder={placeholder}
                data-testid={testId}
              />
            ))}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => onChange(methods.filter((_, j) => j !== i))}
              data-testid="express-method-remove"
              aria-label={`Remove payment method ${i + 1}`}
            >
              Remove
            </button>
            <FieldError message={rowProblems(errors, path)} testId="express-method-error" />
          </div>
        );
      })}
      <FieldError message={problemAt(errors, 'payment_methods')} testId="express-methods-error" />
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onChange([...methods, { method: '', provider: '' }])}
        data-testid="express-method-add"
      >
        Add payment method
      </button>
    </fieldset>
  );
}

/** A row's problems, each prefixed with its field (`provider: must not be empty`). */
function rowProblems(errors: FormErrors | null, path: string): string | undefined {
  const found = (errors?.problems ?? []).filter((p) => p.path === path || p.path.startsWith(`${path}.`));
  if (found.length === 0) return undefined;
  return found.map((p) => `${p.path.slice(path.length + 1) || 'row'}: ${p.message}`).join('; ');
}
