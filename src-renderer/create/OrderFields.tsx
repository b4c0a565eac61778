import { Field } from '../form/Field';
import { problemsUnder, type FormErrors } from '../form/problems';
import { MARKETS } from '@shared/rules/markets';
import { type OrderDraft } from './order-form';
import { CheckField } from '../form/CheckField';

interface Props {
  draft: OrderDraft;
  errors: FormErrors | null;
  onChange: (patch: Partial<OrderDraft>) => void;
}

/** Country, currency, locale and the merchant's reference; a known country fills in its currency and locale. */
export function OrderFields({ draft, onChange }: Omit<Props, 'errors'>) {
  const text = (
    key: 'purchase_country' | 'purchase_currency' | 'locale' | 'merchant_reference1',
    label: string,
  ) => (
    <Field label={label} path={key} testId={`create-${key}`}>
      <input
        className="input"
        value={draft[key]}
        onChange={(e) => {
          const value = e.target.value;
          const market = key === 'purchase_country' ? MARKETS[value.trim().toUpperCase()] : undefined;
          onChange(
            market
              ? { [key]: value, purchase_currency: market.currency, locale: market.locale }
              : { [key]: value },
          );
        }}
        list={key === 'purchase_country' ? 'create-countries' : undefined}
        spellCheck={false}
        autoComplete="off"
        data-testid={`create-${key}`}
      />
    </Field>
  );
  return (
    <div className="form-grid">
      {text('purchase_country', 'Purchase country')}
      <datalist id="create-countries">
        {Object.keys(MARKETS).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {text('purchase_currency', 'Currency')}
      {text('locale', 'Locale')}
      {text('merchant_reference1', 'Merchant reference 1 (optional)')}
    </div>
  );
}

/** Shipping countries, the validation option, and whether the merchant offers its own shipping options. */
export function SessionOptions({ draft, errors, onChange }: Props) {
  const countriesError = problemsUnder(errors, 'shipping_countries')
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');
  return (
    <>
      <div className="form-grid">
        <Field
          label="Shipping countries (optional)"
          path="shipping_countries"
          under
          error={countriesError || undefined}
          testId="create-shipping-countries"
        >
          <input
            className="input"
            value={draft.shipping_countries}
            onChange={(e) => onChange({ shipping_countries: e.target.value })}
            placeholder="e.g. DE, NO"
            spellCheck={false}
            data-testid="create-shipping-countries"
          />
        </Field>
      </div>
      <p className="hint">
        The customer may pick these besides the purchase country (country_change is called).
      </p>
      <div className="checks">
        <CheckField
          checked={draft.require_validate}
          onChange={(require_validate) => onChange({ require_validate })}
          testId="create-require-validate"
        >
          <span>
            <span className="mono">options.require_validate_callback_success</span>: no valid validation
            answer denies the purchase
          </span>
        </CheckField>
        <CheckField
          checked={draft.offerOptions}
          onChange={(offerOptions) => onChange({ offerOptions })}
          testId="create-offer-options"
        >
          Offer the merchant’s own shipping options
        </CheckField>
      </div>
    </>
  );
}
