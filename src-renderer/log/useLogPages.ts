import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ExchangeFilter, type ExchangePage } from '@shared/schemas/exchange.schema';
import { useEffect, useMemo, useState } from 'react';
import { coalesce } from '../api/coalesce';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';

/** What the log page asks the simulator for: one order's exchanges (a whole id) and/or a filter. */
export interface LogSearch {
  orderId?: string;
  filter: ExchangeFilter;
}

/** Exchanges per page: a screenful many times over, small enough to answer at once from a large log. */
export const LOG_PAGE_SIZE = 200;
/** New exchanges are looked for at most this often while they pour in (a clock advance records thousands). */
const REFRESH_MS = 400;

/**
 * The log, a page at a time (`exchanges.search`), newest first. While only the first page is loaded it
 * follows the log live; once the reader has scrolled into older pages the list holds still, and `arrived`
 * says that newer exchanges are waiting (`showNewest` loads them), so what is being read does not move.
 */
export function useLogPages(search: LogSearch) {
  const api = useControlApi();
  const client = useQueryClient();
  const filterKey = JSON.stringify(search.filter);
  const key = useMemo(
    () => queryKeys.logSearch(search.orderId ?? '', filterKey),
    [search.orderId, filterKey],
  );
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      api.invoke('exchanges.search', {
        ...(search.orderId ? { orderId: search.orderId } : {}),
        filter: search.filter,
        cursor: pageParam,
        limit: LOG_PAGE_SIZE,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // While a changed filter is asked for, the list shows what it showed (no flash of "Loading…").
    placeholderData: keepPreviousData,
  });
  // Which search new exchanges arrived for (a new search starts without the notice).
  const keyText = key.join('\n');
  const [arrivedFor, setArrivedFor] = useState<string | null>(null);

  useEffect(() => {
    const refresh = coalesce<string>(() => {
      const data = client.getQueryData<InfiniteData<ExchangePage>>(key);
      if (data && data.pages.length > 1) setArrivedFor(key.join('\n'));
      else void client.invalidateQueries({ queryKey: key });
    }, REFRESH_MS);
    const offs = [
      api.subscribe('exchange.recorded', (e) => refresh.add(e.id)),
      // Emptied (here, in another window, or by a script): start again from the newest.
      api.subscribe('exchanges.cleared', () => {
        setArrivedFor(null);
        void client.resetQueries({ queryKey: key });
      }),
    ];
    return () => {
      refresh.dispose();
      offs.forEach((off) => off());
    };
  }, [api, client, key]);

  const exchanges = useMemo(() => query.data?.pages.flatMap((p) => p.exchanges) ?? [], [query.data]);
  const scanned = useMemo(() => query.data?.pages.reduce((n, p) => n + p.scanned, 0) ?? 0, [query.data]);
  return {
    query,
    exchanges,
    scanned,
    /** Whether older exchanges are left to load. */
    more: query.hasNextPage,
    arrived: arrivedFor === keyText,
    showNewest: () => {
      setArrivedFor(null);
      void client.resetQueries({ queryKey: key });
    },
  };
}
