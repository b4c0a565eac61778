import { isFiltered } from '@shared/rules/exchange-filter';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppInfo } from '../api/queries';
import { formatRoute, type Route } from '../router/routes';
import { replaceHash } from '../router/useRoute';
import { QueryStatus } from '../ui/QueryStatus';
import { useDebounced } from '../ui/useDebounced';
import { ClearLog } from './ClearLog';
import { ExchangePanel } from './ExchangePanel';
import { HarDownloadList } from './HarDownload';
import { ClearFilters, LogFilters, type LogView } from './LogFilters';
import { LogTable, scrollToRow } from './LogTable';
import { countLabel, searchOf } from './log-view';
import { pairServed } from './pairs';
import { type LogSearch, useLogPages } from './useLogPages';
import { LogSizeFigure } from './LogSizeFigure';
import './log.css';
import { Page } from '../ui/Page';

type LogRoute = Extract<Route, { name: 'log' }>;

/** Pages loaded, at most, while looking for an exchange a link points at. */
const FIND_PAGES = 25;

/**
 * Every recorded HTTP exchange, newest first, live: filtered by the simulator (order, kind, direction,
 * outcome, status, broken rules, URL text; the filters are the page's address), loaded a page at a time
 * as you scroll, and opened one at a time in a side panel. A request the simulator made to its own
 * built-in integrator is one row with both ends.
 */
export function LogPage({ route }: { route: LogRoute }) {
  const info = useAppInfo();
  const wanted = searchOf(route.orderId, route.filter);
  const key = useDebounced(JSON.stringify(wanted), 250);
  const search = useMemo(() => JSON.parse(key) as LogSearch, [key]);
  const log = useLogPages(search);
  const { query } = log;
  const items = useMemo(
    () => pairServed(log.exchanges, info.data?.urls.integrator ?? ''),
    [log.exchanges, info.data?.urls.integrator],
  );
  const selectedId = route.exchangeId;
  const selected = selectedId
    ? items.find((i) => i.exchange.id === selectedId || i.served?.id === selectedId)
    : undefined;

  const go = useCallback(
    (view: LogView, exchangeId?: string) =>
      replaceHash(
        formatRoute({
          name: 'log',
          ...(view.orderId?.trim() ? { orderId: view.orderId } : {}),
          ...(view.filter ? { filter: view.filter } : {}),
          ...(exchangeId ? { exchangeId } : {}),
        }),
      ),
    [],
  );
  const view: LogView = { orderId: route.orderId, filter: route.filter };
  const select = (id: string | undefined) => go(view, id);
  // The open exchange stays open while the filters change (the panel says so if they leave it out).
  const refilter = (v: LogView) => go(v, route.exchangeId);

  // A link to one exchange (from a step, a push attempt, a scorecard): load older pages until it is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pages = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (selectedId && !selected && hasNextPage && !isFetchingNextPage && pages < FIND_PAGES)
      void fetchNextPage();
  }, [selectedId, selected, hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  // …and bring it into view once, the first time it is found (a click on a row needs no scrolling).
  const list = useRef<HTMLDivElement>(null);
  const shown = useRef<string | undefined>(undefined);
  const index = selected ? items.indexOf(selected) : -1;
  useEffect(() => {
    if (!selectedId || index < 0 || shown.current === selectedId) return;
    shown.current = selectedId;
    scrollToRow(list.current?.querySelector('tbody') ?? null, index);
  }, [selectedId, index]);

  const nearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filtered = isFiltered(search.filter);
  const kinds = useMemo(() => [...new Set(log.exchanges.map((e) => e.kind))].sort(), [log.exchanges]);
  const outcomes = useMemo(
    () => [...new Set(log.exchanges.flatMap((e) => (e.outcome ? [e.outcome] : [])))].sort(),
    [log.exchanges],
  );

  return (
    <Page
      title="Log"
      testId="log-page"
      className="log-page"
      aside={
        <>
          <LogSizeFigure />
          <span className="spacer" />
          <HarDownloadList search={search} label={search.orderId ?? (filtered ? 'filtered' : 'log')} />
          <ClearLog />
        </>
      }
    >
      <LogFilters view={view} seenKinds={kinds} seenOutcomes={outcomes} onChange={refilter} />
      <QueryStatus isPending={query.isPending} error={query.error} what="the log">
        <div className="log-status">
          <p
            className="muted small"
            data-testid="log-count"
            data-server-filter={search.orderId !== undefined}
            aria-live="polite"
          >
            {countLabel({
              count: log.exchanges.length,
              byOrder: search.orderId !== undefined,
              filtered,
              more: log.more,
            })}
            {log.more && log.scanned > log.exchanges.length && filtered
              ? ` (${log.scanned.toLocaleString('en')} looked at)`
              : ''}
          </p>
          <ClearFilters view={view} onChange={refilter} />
          {log.arrived && (
            <button
              type="button"
              className="btn btn-small log-arrived"
              onClick={() => {
                window.scrollTo({ top: 0 });
                log.showNewest();
              }}
              data-testid="log-arrived"
            >
              ↑ New exchanges came in: show the newest
            </button>
          )}
        </div>
        <div className={`log-layout${selectedId ? ' with-panel' : ''}`}>
          <div className="log-main" ref={list}>
            {items.length === 0 ? (
              <div className="empty" data-testid="log-empty">
                {route.orderId?.trim() || filtered
                  ? 'No exchange matches these filters.'
                  : 'No exchanges yet. Every call to the API, and every call the simulator makes, shows up here.'}
              </div>
            ) : (
              <LogTable
                items={items}
                selectedId={selected?.exchange.id}
                narrow={selectedId !== undefined}
                onSelect={(id) => {
                  shown.current = id;
                  select(id);
                }}
                onNearEnd={nearEnd}
              />
            )}
            {isFetchingNextPage && (
              <p className="muted small" data-testid="log-loading-more">
                Loading older exchanges…
              </p>
            )}
          </div>
          {selectedId && (
            <ExchangePanel
              item={selected}
              id={selectedId}
              searching={!selected && (hasNextPage || query.isFetching)}
              onClose={() => select(undefined)}
            />
          )}
        </div>
      </QueryStatus>
    </Page>
  );
}
