import { type ReactNode } from 'react';
import { OrderLinesTable } from '../orders/OrderLinesTable';
import { AddressStep } from './AddressStep';
import { AfterPurchase, PayStep } from './PayStep';
import { STEP_LABELS, type StepKey } from './session-view';
import { ShippingStep } from './ShippingStep';
import { CountryStep, type StepProps } from './StepForms';

const INTRO: Record<StepKey, string> = {
  cart: 'The cart as the customer sees it. The merchant sets it when creating or updating the order; callbacks may change it.',
  country: 'The customer picks the country to buy from.',
  address: 'The customer enters their address, as in the checkout form.',
  shipping: 'The customer picks one of the shipping options the checkout shows.',
  pay: 'The customer presses pay.',
  after: 'What happens once the purchase is done.',
};

/** The panel of one step: what the customer does there, with the form to do it. */
export function StepPanel({ shown, ...props }: StepProps & { shown: StepKey }) {
  return (
    <section className="card step-panel" data-testid="step-panel" data-step={shown}>
      <h2>
        <span className="muted">Customer · </span>
        {STEP_LABELS[shown]}
      </h2>
      <p className="hint step-intro">{INTRO[shown]}</p>
      {panelBody(shown, props)}
    </section>
  );
}

function panelBody(shown: StepKey, props: StepProps): ReactNode {
  const { order } = props;
  switch (shown) {
    case 'cart':
      return (
        <OrderLinesTable
          lines={order.order_lines}
          currency={order.purchase_currency}
          orderAmount={order.order_amount}
          orderTaxAmount={order.order_tax_amount}
        />
      );
    case 'country':
      return <CountryStep {...props} />;
    case 'address':
      return <AddressStep {...props} />;
    case 'shipping':
      return <ShippingStep {...props} />;
    case 'pay':
      return <PayStep {...props} />;
    case 'after':
      return <AfterPurchase view={props.view} order={order} onResult={props.onResult} />;
  }
}
