import { useAppInfo } from '../api/queries';
import { MASK, useUiStore } from '../ui/ui-store';
import { formatRoute } from '../router/routes';
import { CopyButton } from '../ui/CopyButton';
import { RevealSecretsButton } from '../ui/Secret';
import { curlCreateOrder } from '../format/curl-example';

/** Shown while there are no orders: how to create the first one. */
export function OrdersEmpty() {
  const info = useAppInfo();
  const reveal = useUiStore((s) => s.revealSecrets);
  const api = info.data?.urls.api ?? 'http://127.0.0.1:4700';
  const { username, password } = info.data?.credentials ?? { username: 'merchant', password: 'secret' };
  const caFile = info.data?.tls?.caFile ?? null;
  const command = curlCreateOrder(api, username, password, caFile);
  // The copied command carries the real password; the one on screen does not, unless revealed.
  const shown = reveal ? command : curlCreateOrder(api, username, MASK, caFile);

  return (
    <div className="empty" data-testid="orders-empty">
      <h2>No orders yet</h2>
      <p>
        Create a checkout order from your merchant code with <code>POST /checkout/v3/orders</code>, or try it
        from a terminal:
      </p>
      <pre className="code-block command" data-testid="orders-empty-curl">
        {shown}
      </pre>
      <div className="row-actions">
        <CopyButton text={command} testId="orders-empty-copy" label="Copy command" />
        <RevealSecretsButton testId="orders-empty-reveal" />
      </div>
      <p className="muted">
        The order appears here as soon as the simulator receives it. Or{' '}
        <a href={formatRoute({ name: 'order-new' })} data-testid="orders-empty-new">
          create one in the console
        </a>
        .
      </p>
    </div>
  );
}
