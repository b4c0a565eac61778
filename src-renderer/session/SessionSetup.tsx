import { type SessionView } from '@shared/contract/checkout-ops';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';

/** A warning about a URL production only refuses (not https): every local callback has one. */
const PRODUCTION_ONLY = /is not https: it would be refused in production$/;

/**
 * Notes about the order's setup. Those that fail here too (a URL that is no URL) stand out; those only
 * production would refuse (plain-http URLs, which every local callback is and the sidebar's TLS note
 * covers) are counted quietly and folded, so a happy order does not lead with them (issue 34 point 2).
 */
export function SessionWarnings({ warnings }: { warnings: readonly string[] }) {
  const productionOnly = warnings.filter((w) => PRODUCTION_ONLY.test(w));
  const failing = warnings.filter((w) => !PRODUCTION_ONLY.test(w));
  return (
    <>
      {failing.length > 0 && (
        <div className="production-notes" role="note" data-testid="session-warnings">
          <WarningList warnings={failing} />
        </div>
      )}
      {productionOnly.length > 0 && (
        <details className="production-only-notes" data-testid="production-only-notes">
          <summary data-testid="production-only-summary">
            {productionOnly.length} production-only {productionOnly.length === 1 ? 'note' : 'notes'}: works
            here, refused under the production TLS rules
          </summary>
          <WarningList warnings={productionOnly} />
        </details>
      )}
    </>
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

/** The session's warnings, one item each (the production notes and the production-only ones alike). */
function WarningList({ warnings }: { warnings: string[] }) {
  return (
    <ul>
      {warnings.map((w, i) => (
        <li key={i} data-testid="session-warning">
          {w}
        </li>
      ))}
    </ul>
  );
}
