import { formatRoute } from '../router/routes';
import { AssistantSettingsCard } from './AssistantSettingsCard';
import { BuiltInIntegratorCard } from './BuiltInIntegratorCard';
import { FaultsPanel } from './FaultsPanel';
import '../styles/orders.css';
import '../styles/integrator.css';
import { Page } from '../ui/Page';

/** Shipping: the shipping assistant's settings, the built-in fake integrator and its faults. */
export function ShippingPage() {
  return (
    <Page
      title="Shipping"
      testId="shipping-page"
      aside={
        <>
          <span className="spacer" />
          <a
            className="btn"
            href={formatRoute({ name: 'conformance' })}
            data-testid="shipping-to-conformance"
          >
            Test an integrator
          </a>
        </>
      }
    >
      <p className="page-intro muted">
        Off by default, as for a merchant without a transport management system: the shipping options then
        come from the merchant. Turn the shipping assistant on to have them come from an integrator, yours or
        the built-in one.
      </p>
      <AssistantSettingsCard />
      <BuiltInIntegratorCard />
      <FaultsPanel />
    </Page>
  );
}
