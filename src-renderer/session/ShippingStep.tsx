import { type ShippingOption } from '@shared/schemas/checkout-order.schema';
import { useState } from 'react';
import { formatTaxRate } from '../format/money';
import { useMoney } from '../format/MoneyLocale';
import { ShippingSelector } from './shipping/ShippingSelector';
import { SaveBar } from '../form/SaveBar';
import { CallsHint, StepForm, type StepProps } from './StepForms';
import { useSessionStep } from './useSessionStep';

/**
 * The shipping step: the shipping assistant's selector while it runs (integrator, fallback or digital options),
 * else the merchant's options as radio cards.
 */
export function ShippingStep(props: StepProps) {
  const source = props.view.state.shipping?.source;
  if (source !== undefined && source !== 'merchant') return <ShippingSelector {...props} />;
  return <MerchantShippingStep {...props} />;
}

/** The merchant's shipping options as radio cards; picking one runs the shipping option step. */
function MerchantShippingStep({ view, order, disabled, onResult }: StepProps) {
  const options = view.state.shipping_options;
  const selectedId = order.selected_shipping_option?.id;
  // The operator's pick until a step runs; after one that was not applied the order's option shows again
  // (issue 34 point 3: the console and the checkout show the option the order document holds).
  const [picked, setChoice] = useState<string | null>(null);
  const choice = picked ?? selectedId ?? options.find((o) => o.preselected)?.id ?? options[0]?.id ?? '';
  const step = useSessionStep(order.order_id, 'session.shippingOption', (result) => {
    if (result.outcome !== 'applied') setChoice(null);
    onResult(result);
  });

  if (options.length === 0) {
    return (
      <p className="muted" data-testid="shipping-none">
        This checkout shows no shipping options: the order has no shipping_options, and no callback answered
        any.
      </p>
    );
  }
  return (
    <StepForm step={step} testId="shipping-form" input={() => ({ id: choice })}>
      <div className="choices" role="radiogroup" aria-label="Shipping options">
        {options.map((o) => (
          <OptionCard
            key={o.id}
            option={o}
            currency={order.purchase_currency}
            checked={choice === o.id}
            selected={selectedId === o.id}
            disabled={disabled}
            onPick={() => setChoice(o.id)}
          />
        ))}
      </div>
      <CallsHint view={view} keyName="shipping_option_update" what="Picking an option" />
      {!view.callbacks.shipping_option_update && (
        <p className="hint">The simulator adds the fee as a shipping_fee line when the purchase completes.</p>
      )}
      <SaveBar
        action={step.action}
        disabled={disabled || choice === ''}
        label="Choose this option"
        busyLabel="Sending…"
        testId="shipping-submit"
        errorTestId="shipping-error"
      />
    </StepForm>
  );
}

function OptionCard({
  option: o,
  currency,
  checked,
  selected,
  disabled,
  onPick,
}: {
  option: ShippingOption;
  currency: string;
  checked: boolean;
  selected: boolean;
  disabled: boolean;
  onPick: () => void;
}) {
  const fmtMoney = useMoney();
  return (
    <label className="choice" data-testid={`shipping-option-${o.id}`}>
      <input type="radio" name="shipping-option" checked={checked} onChange={onPick} disabled={disabled} />
      <span className="choice-body">
        <span className="choice-title">
          {o.name}
          {o.preselected && <span className="badge badge-inline-plain">preselected</span>}
          {selected && <span className="badge badge-ok badge-inline-plain">selected</span>}
        </span>
        <span className="amount" data-testid="shipping-option-price">
          {fmtMoney(o.price, currency)}
        </span>
        <span className="muted small">
          incl. {fmtMoney(o.tax_amount, currency)} tax ({formatTaxRate(o.tax_rate)})
          {o.shipping_method ? ` · ${o.shipping_method}` : ''}
        </span>
        {o.description && <span className="small">{o.description}</span>}
        {o.promo && <span className="small promo">{o.promo}</span>}
        <span className="muted small mono">id {o.id}</span>
      </span>
    </label>
  );
}
