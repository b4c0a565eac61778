import { isConsoleCall } from '@shared/rules/exchange-filter';
import { useMemo } from 'react';
import { useExchanges } from '../api/queries';
import { formatWhen, formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { omCallLabel, omCallPath, omCalls, shortOmPath } from './om-calls';
import { DataTable, num } from '../ui/DataTable';

/**
 * Every call made to order management for this order, each linked to the log: the merchant's server's,
 * and the console's when it acted as the merchant (marked).
 */
export function MerchantCalls({ orderId }: { orderId: string }) {
  const exchanges = useExchanges(orderId);
  const calls = useMemo(() => omCalls(exchanges.data ?? []), [exchanges.data]);
  return (
    <section className="om-section" data-testid="om-calls" data-count={calls.length}>
      <h3>Calls to order management</h3>
      <QueryStatus isPending={exchanges.isPending} error={exchanges.error} what="the calls">
        {calls.length === 0 ? (
          <p className="muted" data-testid="om-calls-empty">
            None yet. By the spec your server answers a push with 200, then fetches the order (
            <span className="mono">GET /ordermanagement/v1/orders/{'{order_id}'}</span>) and acknowledges it (
            <span className="mono">POST …/acknowledge</span>): that ends the retries.
          </p>
        ) : (
          <DataTable columns={['Time', 'By', 'Call', 'Request', num('Status'), num('Duration'), 'Log']}>
            {calls.map((e) => (
              <tr key={e.id} data-testid="om-call" data-kind={e.kind}>
                <td className="mono small nowrap">{formatWhen(e.at)}</td>
                <td className="nowrap" data-testid="om-call-by">
                  {isConsoleCall(e) ? (
                    <span className="badge log-console" title="Made from the console, acting as the merchant">
                      console
                    </span>
                  ) : (
                    'your server'
                  )}
                </td>
                <td>{omCallLabel(e.kind)}</td>
                <td className="mono small nowrap" title={`${e.method} ${omCallPath(e.url, orderId)}`}>
                  {e.method} {shortOmPath(omCallPath(e.url, orderId))}
                </td>
                <td className="num">
                  <span className={`badge ${e.status !== null && e.status < 400 ? 'badge-ok' : 'badge-bad'}`}>
                    {e.status ?? '—'}
                  </span>
                </td>
                <td className="num">{formatDuration(e.duration_ms)}</td>
                <td>
                  <a
                    className="mono small"
                    href={formatRoute({ name: 'log', orderId, exchangeId: e.id })}
                    data-testid="om-call-log"
                  >
                    {e.id}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryStatus>
    </section>
  );
}
