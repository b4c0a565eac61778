import { useState } from 'react';
import { AfterPurchaseExtras } from './AfterPurchaseExtras';
import { useCustomerView } from '../api/queries';
import { CheckboxAnswers } from './CheckboxAnswers';
import { CustomerTotals } from './CustomerTotals';
import { formatWhen } from '../format/time';
import { useMoney } from '../format/MoneyLocale';
import { formatRoute } from '../router/routes';
import { SaveBar } from '../form/SaveBar';
import { CallsHint, StepForm, type StepProps } from './StepForms';
import { useSessionStep } from './useSessionStep';

const FRAUD = [
  { value: 'ACCEPTED', title: 'Accepted', text: 'The payment is approved at once.' },
  {
    value: 'PENDING',
    title: 'Pending',
    text: 'The payment waits for review; your server learns the result from the notification callback.',
  },
] as const;

/** The pay button, with the fraud status the payment gets. */
export function PayStep({ view, order, disabled, onResult }: StepProps) {
  const fmtMoney = useMoney();
  const [fraud, setFraud] = useState<'ACCEPTED' | 'PENDING'>('ACCEPTED');
  const step = useSessionStep(order.order_id, 'session.complete', onResult);
  const required = order.options?.require_validate_callback_success === true;
  // What the customer pays: the fee of the chosen option included, even before it is a line of the cart.
  const customer = useCustomerView(order.order_id).data;
  const total = customer?.totals.total ?? order.order_amount;
  return (
    <StepForm step={step} testId="pay-form" input={() => ({ fraud_status: fraud })}>
      <div className="choices" role="radiogroup" aria-label="Fraud status">
        {FRAUD.map((f) => (
          <label key={f.value} className="choice" data-testid={`fraud-${f.value}`}>
            <input
              type="radio"
              name="fraud-status"
              checked={fraud === f.value}
              onChange={() => setFraud(f.value)}
              disabled={disabled}
            />
            <span className="choice-body">
              <span className="choice-title">
                {f.title} <span className="mono muted small">{f.value}</span>
              </span>
              <span className="muted small">{f.text}</span>
            </span>
          </label>
        ))}
      </div>
      <CallsHint view={view} keyName="validation" what="Pressing pay" />
      {view.callbacks.validation && (
        <p className="hint">
          {required
            ? 'options.require_validate_callback_success is true: no valid answer in time denies the purchase.'
            : 'No answer in time lets the purchase go through (validation is not required for this order).'}
        </p>
      )}
      {customer && (
        <CheckboxAnswers
          orderId={order.order_id}
          boxes={customer.checkboxes}
          disabled={disabled}
          onChange={step.reset}
        />
      )}
      {customer && <CustomerTotals view={customer} />}
      <SaveBar
        action={step.action}
        disabled={disabled}
        label={`Pay ${fmtMoney(total, order.purchase_currency)}`}
        busyLabel="Paying…"
        testId="pay-submit"
        errorTestId="pay-error"
      />
    </StepForm>
  );
}

/** After the purchase: when it completed and what follows. */
export function AfterPurchase({ view, order, onResult }: Pick<StepProps, 'view' | 'order' | 'onResult'>) {
  if (order.status !== 'checkout_complete') {
    return (
      <p className="muted" data-testid="after-not-yet">
        The customer has not paid yet.
      </p>
    );
  }
  return (
    <div data-testid="after-purchase">
      <p>
        The purchase completed{order.completed_at ? ` at ${formatWhen(order.completed_at)}` : ''}; the order
        is read-only in the checkout now.
      </p>
      <p className="hint">
        {view.callbacks.push ? (
          <>
            By the spec, <span className="mono">push</span> follows about two minutes later at{' '}
            <span className="mono wrap-anywhere">{view.callbacks.push}</span>, retried until your server
            acknowledges the order.{' '}
          </>
        ) : null}
        <a href={formatRoute({ name: 'log', orderId: order.order_id })}>Watch the log</a> for the calls.
      </p>
      <AfterPurchaseExtras
        orderId={order.order_id}
        view={view}
        currency={order.purchase_currency}
        onResult={onResult}
      />
    </div>
  );
}
