/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { AddressSection } from './AddressSection';
import type { CheckoutApi } from './api';
import { Cart } from './Cart';
import type { FrameConfig } from '@shared/contract/frame-config';
import type { Emitter } from './events';
import { completionMode } from './exits';
import type { ParentLink } from './parent-link';
import { PaySection } from './PaySection';
import { shippingBanners } from './shipping-view';
import { ShippingSection } from './ShippingSection';
import { receiptPart } from './lazy-part';
import { Alert, Footer, FullPage, Spinner } from './ui';
import { useCheckout } from './use-checkout';

type Editing = 'address' | 'shipping' | null;

export function App({
  config,
  api,
  link,
  emitter,
  root,
}: {
  config: FrameConfig;
  api: CheckoutApi;
  link: ParentLink;
  emitter: Emitter;
  root: HTMLElement;
}) {
  const checkout = useCheckout(config, api, link, emitter, window);
  const { view } = checkout;
  const [editing, setEditing] = useState<Editing>(null);

  // A suspended checkout does not respond: nothing in it can be reached or used until it resumes.
  useEffect(() => {
    root.inert = checkout.suspended;
  }, [root, checkout.suspended]);

  // Whatever moved the order on (this page, the console, automation) closes a section opened with Change.
  useEffect(() => setEditing(null), [view.step, view.address_entered]);

  const blocked =
    link.status.kind === 'blocked' ? (
      <Alert
        tone="warn"
        title="This checkout is not talking to the page around it"
        testId="kco-parent-warning"
      >
        {link.status.reason}
      </Alert>
    ) : null;

  const overlay = checkout.suspended && (
    <div class="overlay" data-testid="kco-suspended" role="status">
      <div class="overlay-box">
        <span class="spinner-ring" aria-hidden="true" />
        <span>Updating your order…</span>
      </div>
    </div>
  );

  let body;
  const mode = completionMode(view, checkout.loadedComplete);
  const receipt = receiptPart.use(mode !== null && !checkout.fatal);
  if (checkout.fatal) {
    body = <FullPage title={checkout.fatal.title} text={checkout.fatal.text} testId="kco-fatal" />;
  } else if (mode && !receipt) {
    body = <Spinner label="Finishing your order…" testId="kco-finishing" />;
  } else if (mode === 'receipt') {
    body = receipt && <receipt.Receipt view={view} />;
  } else if (mode) {
    body = receipt && <receipt.Completion mode={mode} view={view} leavingTo={checkout.leavingTo} />;
  } else {
    const hasShipping =
      view.shipping.options.length > 0 || shippingBanners(view.shipping, view.address_entered).length > 0;
    body = (
      <>
        <Cart view={view} />
        {checkout.networkProblem && (
          <Alert tone="error" testId="kco-network-error">
            {checkout.networkProblem}
          </Alert>
        )}
        <AddressSection
          view={view}
          checkout={checkout}
          editing={editing === 'address'}
          onEdit={() => setEditing('address')}
          onDone={() => setEditing(null)}
        />
        {hasShipping && (
          <ShippingSection
            view={view}
            checkout={checkout}
            n={2}
            editing={editing === 'shipping'}
            onEdit={() => setEditing('shipping')}
            onDone={() => setEditing(null)}
          />
        )}
        <PaySection
          view={view}
          checkout={checkout}
          n={hasShipping ? 3 : 2}
          ready={view.step === 'pay' && editing === null && !view.shipping.no_options}
        />
      </>
    );
  }

  return (
    <div
      class="kco"
      data-testid="kco-app"
      data-step={view.step}
      data-status={view.status}
      aria-busy={checkout.busy !== null}
    >
      {blocked}
      {body}
      {view.warnings.length > 0 && !checkout.fatal && (
        <ul class="sim-notes" data-testid="kco-warnings" aria-label="Simulator notes">
          {view.warnings.map((w) => (
            <li key={w}>Simulator: {w}</li>
          ))}
        </ul>
      )}
      <Footer orderId={view.order_id} />
      {overlay}
    </div>
  );
}
