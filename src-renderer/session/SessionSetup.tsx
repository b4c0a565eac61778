import { type SessionView } from '@shared/contract/checkout-ops';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';

/**
 * Notes about the order's setup that production would refuse (callback URLs that are not https): one line
 * with the count, the list on demand. They do not stop anything here, so they must not push the order down.
 */
export function SessionWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  const n = warnings.length;
  return (
    <details className="production-notes" data-testid="session-warnings">
      <summary data-testid="session-warnings-summary">
        Works here, but production would refuse {n === 1 ? 'one thing' : `${n} things`} in this order’s setup
      </summary>
      <ul>
        {warnings.map((w, i) => (
          <li key={i} data-testid="session-warning">
            {w}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** In-session callbacks first, then after-purchase, then upsell (the spec's order). */
const KEYS = [
  'address_update',
  'shipping_address_update',
  'country_change',
  'shipping_option_update',
  'validation',
  'push',
  'notification',
  'upsell',
  'upsell_validation',
  'upsell_notification',
];

/** The callbacks the simulator calls for this order; absent keys are never called. */
export function CallbacksCard({ callbacks }: { callbacks: SessionView['callbacks'] }) {
  return (
    <section className="card" data-testid="session-callbacks">
      <h2>Callback URLs</h2>
      <p className="hint">Every callback is opt-in: a key absent from merchant_urls is never called.</p>
      <dl className="kv kv-wide">
        {KEYS.filter((k) => callbacks[k] !== undefined || k !== 'shipping_address_update').map((k) => (
          <CallbackRow key={k} name={k} url={callbacks[k]} />
        ))}
      </dl>
    </section>
  );
}

function CallbackRow({ name, url }: { name: string; url: string | undefined }) {
  const insecure = url !== undefined && !url.startsWith('https:');
  return (
    <div className="kv-row" data-testid={`callback-${name}`} data-registered={url !== undefined}>
      <dt className="mono">
        {name}
        {name.startsWith('upsell') && <SimDefinedBadge inline />}
      </dt>
      <dd className={url ? 'mono selectable wrap-anywhere' : 'muted'}>
        {url ?? 'not registered: never called'}
        {insecure && (
          <span
            className="badge badge-pending badge-inline"
            title="Production refuses callback URLs that are not https"
          >
            not https
          </span>
        )}
      </dd>
    </div>
  );
}
