import { type ReactNode } from 'react';
import { useCustomerView } from '../api/queries';
import { CustomerWarnings } from './CustomerTotals';
import { OrderLinesTable } from '../parts/OrderLinesTable';
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
      {(shown === 'shipping' || shown === 'pay') && <StepWarnings orderId={props.order.order_id} />}
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
      // A new country is a new form: its country field, test people and address rules follow the switch.
      return <AddressStep key={order.purchase_country} {...props} />;
    case 'shipping':
      return <ShippingStep {...props} />;
    case 'pay':
      return <PayStep {...props} />;
    case 'after':
      return <AfterPurchase view={props.view} order={order} onResult={props.onResult} />;
  }
}

/** What the checkout warns whoever drives it at the option and pay steps (a missing shipping_fee line). */
function StepWarnings({ orderId }: { orderId: string }) {
  const view = useCustomerView(orderId);
  return <CustomerWarnings warnings={view.data?.warnings ?? []} />;
}
