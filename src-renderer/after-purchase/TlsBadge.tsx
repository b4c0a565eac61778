import { useSettings } from '../api/queries';
import { formatRoute } from '../router/routes';
import './after-purchase.css';

/** A standing reminder while production TLS rules are off: what works here may be refused in production. */
export function TlsBadge() {
  const settings = useSettings();
  if (!settings.data || settings.data.production_tls_rules) return null;
  return (
    <a className="tls-badge" href={formatRoute({ name: 'settings' })} data-testid="tls-badge">
      <strong>TLS rules off</strong>
      <span>http:// and self-signed callbacks are delivered</span>
    </a>
  );
}
