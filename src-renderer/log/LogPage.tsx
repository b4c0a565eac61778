import { EXCHANGES_LIMIT, useExchanges } from '../api/queries';
import { useUiStore } from '../app/ui-store';
import { formatRoute } from '../router/routes';
import { replaceHash } from '../router/useRoute';
import { QueryStatus } from '../ui/QueryStatus';
import { filterExchanges } from './exchange-view';
import { LogTable } from './LogTable';
import './log.css';

/** Every recorded HTTP exchange, newest first, live, filterable by order id. */
export function LogPage() {
  const exchanges = useExchanges();
  const filter = useUiStore((s) => s.logFilter);
  const setFilter = useUiStore((s) => s.setLogFilter);
  const shown = exchanges.data ? filterExchanges(exchanges.data, filter) : [];

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
          <span className="visually-hidden">Filter by order id</span>
          <input
            type="search"
            className="input mono"
            placeholder="Filter by order id"
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
      </header>
      <QueryStatus isPending={exchanges.isPending} error={exchanges.error} what="the log">
        {exchanges.data && (
          <>
            <p className="muted small" data-testid="log-count">
              {countLabel(shown.length, exchanges.data.length, filter)}
            </p>
            {shown.length === 0 ? (
              <div className="empty" data-testid="log-empty">
                {filter.trim() === ''
                  ? 'No exchanges yet. Every call to the API, and every call the simulator makes, shows up here.'
                  : 'No exchanges match this order id.'}
              </div>
            ) : (
              <LogTable exchanges={shown} />
            )}
          </>
        )}
      </QueryStatus>
    </div>
  );
}

function countLabel(shown: number, loaded: number, filter: string): string {
  const capped = loaded === EXCHANGES_LIMIT ? ` (the newest ${EXCHANGES_LIMIT} are loaded)` : '';
  if (filter.trim() === '') return `${loaded} exchange${loaded === 1 ? '' : 's'}${capped}`;
  return `${shown} of ${loaded} exchanges match${capped}`;
}
