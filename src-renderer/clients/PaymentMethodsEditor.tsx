import { FieldError } from '../form/Field';
import { problemAt, type FormErrors } from '../form/problems';

type Method = { method: string; provider: string };

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
            <input
              className={`input${problemAt(errors, `${path}.method`) ? ' invalid' : ''}`}
              aria-label={`Method ${i + 1}`}
              value={m.method}
              onChange={(e) => set(i, { method: e.target.value })}
              placeholder="card"
              data-testid="express-method-name"
            />
            <input
              className={`input${problemAt(errors, `${path}.provider`) ? ' invalid' : ''}`}
              aria-label={`Provider ${i + 1}`}
              value={m.provider}
              onChange={(e) => set(i, { provider: e.target.value })}
              placeholder="provider"
              data-testid="express-method-provider"
            />
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
