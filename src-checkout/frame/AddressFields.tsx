/** @jsxImportSource preact */
import { testPerson, type AddressDraft } from '@shared/samples/test-people';
import {
  errorId,
  FIELDS,
  inputId,
  type AddressKey,
  type AddressPrefix,
  type FieldErrors,
} from './address-form';
import { countryName } from './format';

/** The test people of a country (two where the list has two), for one-click filling. */
export function peopleOf(country: string): AddressDraft[] {
  const a = testPerson(country, 0);
  const b = testPerson(country, 1);
  return a.email === b.email ? [a] : [a, b];
}

/** One address: e-mail, name, street, postal code, city, phone, and the country it is in. */
export function AddressFields({
  prefix,
  legend,
  value,
  errors,
  disabled,
  onField,
  onFill,
}: {
  prefix: AddressPrefix;
  legend: string;
  value: AddressDraft;
  errors: FieldErrors;
  disabled: boolean;
  onField: (key: AddressKey, value: string) => void;
  onFill: (person: AddressDraft) => void;
}) {
  // The billing form's test ids are the plain ones (kco-email); the shipping form's say so (kco-ship-email).
  const tid = (name: string) => (prefix === 'billing_address' ? `kco-${name}` : `kco-ship-${name}`);
  return (
    <fieldset class="fieldset" data-testid={tid('address-fields')} disabled={disabled}>
      <legend class="legend">{legend}</legend>
      <div class="fill" role="group" aria-label="Fill in a test person">
        <span class="fill-label">Test data:</span>
        {peopleOf(value.country).map((p, i) => (
          <button
            key={p.email}
            type="button"
            class="chip"
            onClick={() => onFill(p)}
            data-testid={tid(`fill-person-${i}`)}
          >
            Fill: {p.given_name} {p.family_name}
          </button>
        ))}
      </div>
      <div class="grid">
        {FIELDS.map((f) => {
          const error = errors[f.key];
          const id = inputId(prefix, f.key);
          return (
            <div key={f.key} class={`field${f.half ? ' is-half' : ''}${error ? ' is-invalid' : ''}`}>
              <label for={id}>{f.label}</label>
              <input
                id={id}
                name={`${prefix}.${f.key}`}
                type={f.type}
                value={value[f.key]}
                autoComplete={prefix === 'billing_address' ? f.autoComplete : `shipping ${f.autoComplete}`}
                required={f.required}
                aria-required={f.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(prefix, f.key) : undefined}
                spellcheck={false}
                inputMode={f.key === 'email' ? 'email' : f.key === 'phone' ? 'tel' : undefined}
                onInput={(e) => onField(f.key, e.currentTarget.value)}
                data-testid={tid(f.test)}
              />
              {error && (
                <p
                  id={errorId(prefix, f.key)}
                  class="field-error"
                  data-testid="kco-field-error"
                  data-field={`${prefix}.${f.key}`}
                >
                  <span aria-hidden="true">! </span>
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div class="field is-half">
          <span class="label">Country</span>
          <span class="static" data-testid={tid('address-country')}>
            {countryName(value.country)}
          </span>
        </div>
      </div>
    </fieldset>
  );
}
