import { EXCHANGES_LIMIT, useExchanges } from '../api/queries';
import { useUiStore } from '../app/ui-store';
import { formatRoute } from '../router/routes';
import { replaceHash } from '../router/useRoute';
import { QueryStatus } from '../ui/QueryStatus';
import { filterExchanges, isFullOrderId } from './exchange-view';
import { LogTable } from './LogTable';
import { ClearLog } from './ClearLog';
import './log.css';

/**
 * Every recorded HTTP exchange, newest first, live. A whole order id is filtered by the simulator (so older
 * exchanges of that order are found too); any other text filters the loaded exchanges.
 */
export function LogPage({ expandExchangeId }: { expandExchangeId?: string }) {
  const filter = useUiStore((s) => s.logFilter);
  const setFilter = useUiStore((s) => s.setLogFilter);
  const orderId = isFullOrderId(filter) ? filter.trim() : undefined;
  const exchanges = useExchanges(orderId);
  const shown = exchanges.data ? (orderId ? exchanges.data : filterExchanges(exchanges.data, filter)) : [];

  const onFilter = (text: string) => {
    setFilter(text);
    // Keep the address in step, so a reload or a copied link shows the same view.
    replaceHash(formatRoute({ name: 'log', orderId: text.trim() || undefined }));
  };

  return (
    <div className="page" data-testid="log-page">
      <header className="page-header">
        <h1>Log</h1>
        <span className="spacer" />
        <label className="filter">
          <span className="visually-hidden">Filter by order or session id</span>
          <input
            type="search"
            className="input mono"
            placeholder="Filter by order or session id"
            value={filter}
            onChange={(e) => onFilter(e.target.value)}
            data-testid="log-filter"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        {filter !== '' && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onFilter('')}
            data-testid="log-filter-clear"
          >
            Clear
          </button>
        )}
        <ClearLog />
      </header>
      <QueryStatus isPending={exchanges.isPending} error={exchanges.error} what="the log">
        {exchanges.data && (
          <>
            <p className="muted small" data-testid="log-count" data-server-filter={orderId !== undefined}>
              {countLabel(shown.length, exchanges.data.length, filter, orderId !== undefined)}
            </p>
            {shown.length === 0 ? (
              <div className="empty" data-testid="log-empty">
                {filter.trim() === ''
                  ? 'No exchanges yet. Every call to the API, and every call the simulator makes, shows up here.'
                  : 'No exchanges match this order id.'}
              </div>
            ) : (
              <LogTable key={expandExchangeId} exchanges={shown} expandId={expandExchangeId} />
            )}
          </>
        )}
      </QueryStatus>
    </div>
  );
}

function countLabel(shown: number, loaded: number, filter: string, byServer: boolean): string {
  const capped = loaded === EXCHANGES_LIMIT ? ` (the newest ${EXCHANGES_LIMIT} are loaded)` : '';
  const plural = (n: number) => `${n} exchange${n === 1 ? '' : 's'}`;
  if (byServer) return `${plural(shown)} of this order or session${capped}`;
  if (filter.trim() === '') return `${plural(loaded)}${capped}`;
  return `${shown} of ${loaded} exchanges match${capped}`;
}
