import { type SessionView } from '@shared/contract/checkout-ops';
import { type StepResult } from '@shared/schemas/session.schema';
import { type ReactNode, useState } from 'react';
import { Field } from '../form/Field';
import { Form } from '../form/Form';
import { SaveBar } from '../form/SaveBar';
import { type SessionOrder } from './session-view';
import { useSessionStep } from './useSessionStep';

type SessionStep = ReturnType<typeof useSessionStep>;
import { Options } from '../form/Options';

/** What every step panel gets: the session, whether the customer can act, and where results go. */
export interface StepProps {
  view: SessionView;
  order: SessionOrder;
  disabled: boolean;
  onResult: (result: StepResult) => void;
}

/** A step's form: its errors are the step's last refusal, and submitting runs the step with `input()`. */
export function StepForm({
  step,
  testId,
  input,
  children,
}: {
  step: Pick<SessionStep, 'errors' | 'run'>;
  testId: string;
  input: () => unknown;
  children: ReactNode;
}) {
  return (
    <Form className="step-form" testId={testId} errors={step.errors} onSubmit={() => step.run(input())}>
      {children}
    </Form>
  );
}

/** Which callback a step calls, in a sentence (every callback is opt-in). */
export function CallsHint({ view, keyName, what }: { view: SessionView; keyName: string; what: string }) {
  const url = view.callbacks[keyName];
  return (
    <p className="hint" data-testid={`hint-${keyName}`}>
      {url ? (
        <>
          {what} calls your <span className="mono">{keyName}</span> at{' '}
          <span className="mono wrap-anywhere">{url}</span>.
        </>
      ) : (
        <>
          No <span className="mono">{keyName}</span> is registered: {what.toLowerCase()} calls nothing.
        </>
      )}
    </p>
  );
}

/** The country selector: the purchase country and the merchant's shipping_countries. */
export function CountryStep({ view, order, disabled, onResult }: StepProps) {
  const [country, setCountry] = useState(order.purchase_country.toUpperCase());
  const step = useSessionStep(order.order_id, 'session.country', onResult);
  const only = view.allowed_countries.length <= 1;
  return (
    <StepForm step={step} testId="country-form" input={() => ({ country })}>
      <div className="form-grid">
        <Field label="Country" path="country" testId="country">
          <select
            className="input"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            disabled={disabled}
            data-testid="country-select"
          >
            <Options values={view.allowed_countries} />
          </select>
        </Field>
      </div>
      <CallsHint view={view} keyName="country_change" what="Changing the country" />
      <p className="hint">
        {only
          ? 'The order offers only this country; add shipping_countries to the order to offer more.'
          : 'Changing the country clears the address: the customer enters it again for the new country.'}
      </p>
      <SaveBar
        action={step.action}
        disabled={disabled}
        label="Change country"
        busyLabel="Changing…"
        testId="country-submit"
        errorTestId="country-error"
      />
    </StepForm>
  );
}
