import { type Address } from '@shared/schemas/checkout-order.schema';
import { useState } from 'react';
import { TextField } from '../form/TextField';
import { SaveBar } from '../form/SaveBar';
import { CallsHint, StepForm, type StepProps } from './StepForms';
import { addressInput, EMPTY_ADDRESS, testPerson, type AddressDraft } from '@shared/samples/test-people';
import { useSessionStep } from './useSessionStep';
import { CheckField } from '../form/CheckField';

const FIELDS: Array<{ key: keyof AddressDraft; label: string; type?: string; wide?: boolean }> = [
  { key: 'given_name', label: 'Given name' },
  { key: 'family_name', label: 'Family name' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone (optional)', type: 'tel' },
  { key: 'street_address', label: 'Street address', wide: true },
  { key: 'postal_code', label: 'Postal code' },
  { key: 'city', label: 'City' },
  { key: 'country', label: 'Country' },
];

function draftFrom(a: Address | undefined, country: string): AddressDraft {
  const d = { ...EMPTY_ADDRESS, country };
  for (const f of FIELDS) {
    const v = a?.[f.key];
    if (typeof v === 'string' && v !== '') d[f.key] = v;
  }
  return d;
}

/** The customer's address form: one address for both, or billing and shipping apart. */
export function AddressStep({ view, order, disabled, onResult }: StepProps) {
  const country = order.purchase_country.toUpperCase();
  const entered = view.state.address_entered;
  const [billing, setBilling] = useState(() =>
    draftFrom(entered ? order.billing_address : undefined, country),
  );
  const [shipping, setShipping] = useState(() =>
    draftFrom(entered ? order.shipping_address : undefined, country),
  );
  const [same, setSame] = useState(true);
  const [filled, setFilled] = useState(0);
  const step = useSessionStep(order.order_id, 'session.address', onResult);

  const fill = () => {
    setBilling(testPerson(country, filled));
    setShipping(testPerson(country, filled));
    setFilled(filled + 1);
  };
  const input = () => ({
    billing_address: addressInput(billing),
    ...(same ? {} : { shipping_address: addressInput(shipping) }),
  });

  return (
    <StepForm step={step} testId="address-form" input={input}>
      <div className="form-toolbar">
        <CheckField checked={same} onChange={setSame} disabled={disabled} testId="address-same">
          One address for billing and shipping
        </CheckField>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          onClick={fill}
          disabled={disabled}
          data-testid="address-fill"
        >
          Fill test person ({country})
        </button>
      </div>
      <AddressFields
        title={same ? 'Address' : 'Billing address'}
        prefix="billing_address"
        testPrefix="billing"
        value={billing}
        onChange={setBilling}
        disabled={disabled}
      />
      {!same && (
        <AddressFields
          title="Shipping address"
          prefix="shipping_address"
          testPrefix="shipping"
          value={shipping}
          onChange={setShipping}
          disabled={disabled}
        />
      )}
      <CallsHint view={view} keyName={addressKey(view)} what="Entering the address" />
      <SaveBar
        action={step.action}
        disabled={disabled}
        label="Continue with this address"
        busyLabel="Sending…"
        testId="address-submit"
        errorTestId="address-error"
      />
    </StepForm>
  );
}

function addressKey(view: StepProps['view']): string {
  return view.callbacks.address_update || !view.callbacks.shipping_address_update
    ? 'address_update'
    : 'shipping_address_update';
}

function AddressFields({
  title,
  prefix,
  testPrefix,
  value,
  onChange,
  disabled,
}: {
  title: string;
  prefix: string;
  testPrefix: string;
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="fieldset" data-testid={`${testPrefix}-fields`}>
      <legend>{title}</legend>
      <div className="form-grid">
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            path={`${prefix}.${f.key}`}
            testId={`${testPrefix}-${f.key}`}
            fieldClassName={f.wide ? 'span-2' : undefined}
            type={f.type ?? 'text'}
            value={value[f.key]}
            onChange={(v) => onChange({ ...value, [f.key]: v })}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
          />
        ))}
      </div>
    </fieldset>
  );
}
