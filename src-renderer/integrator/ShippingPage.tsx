import { formatRoute } from '../router/routes';
import { AssistantSettingsCard } from './AssistantSettingsCard';
import { BuiltInIntegratorCard } from './BuiltInIntegratorCard';
import { FaultsPanel } from './FaultsPanel';
import '../styles/orders.css';
import '../styles/integrator.css';

/** Shipping: the shipping assistant's settings, the built-in fake integrator and its faults. */
export function ShippingPage() {
  return (
    <div className="page" data-testid="shipping-page">
      <header className="page-header">
        <h1>Shipping</h1>
        <span className="spacer" />
        <a className="btn" href={formatRoute({ name: 'conformance' })} data-testid="shipping-to-conformance">
          Test an integrator
        </a>
      </header>
      <p className="page-intro muted">
        Off by default, as for a merchant without a transport management system: the shipping options then
        come from the merchant. Turn the shipping assistant on to have them come from an integrator, yours or
        the built-in one.
      </p>
      <AssistantSettingsCard />
      <BuiltInIntegratorCard />
      <FaultsPanel />
    </div>
  );
}
