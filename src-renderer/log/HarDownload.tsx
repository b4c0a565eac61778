import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Exchange, type ExchangePage } from '@shared/schemas/exchange.schema';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { downloadText } from '../ui/download';
import { harFileName, toHar } from './har';
import { type LogSearch } from './useLogPages';

/** At most this many exchanges go into one HAR file of the list (a browser holds it all in memory). */
export const HAR_LIMIT = 20_000;
const HAR_TYPE = 'application/json';

/** The listeners' addresses and the version, read once (app.info does not change while the app runs). */
function useAppInfoFetch() {
  const api = useControlApi();
  const client = useQueryClient();
  return () => client.fetchQuery({ queryKey: queryKeys.appInfo, queryFn: () => api.invoke('app.info', {}) });
}

/** Downloads one exchange (and the integrator's side of it, when the simulator served it) as a HAR file. */
export function HarDownloadOne({ exchange, served }: { exchange: Exchange; served?: Exchange }) {
  const appInfo = useAppInfoFetch();
  const save = useMutation({
    mutationFn: async () => {
      const info = await appInfo();
      const har = toHar(served ? [exchange, served] : [exchange], info.urls, info.version);
      downloadText(harFileName(exchange.id), HAR_TYPE, JSON.stringify(har, null, 2));
    },
  });
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => save.mutate()}
      title="This exchange as an HTTP Archive (HAR 1.2), for a browser's network panel or any HAR viewer"
      data-testid="exchange-download-har"
    >
      Download HAR
    </button>
  );
}

/** Downloads every exchange the log's filters let through (not only those loaded) as one HAR file. */
export function HarDownloadList({ search, label }: { search: LogSearch; label: string }) {
  const api = useControlApi();
  const appInfo = useAppInfoFetch();
  const save = useMutation({
    mutationFn: async () => {
      const info = await appInfo();
      const exchanges: Exchange[] = [];
      let cursor: string | null = null;
      do {
        const page: ExchangePage = await api.invoke('exchanges.search', {
          ...(search.orderId ? { orderId: search.orderId } : {}),
          filter: search.filter,
          cursor,
          limit: 1000,
        });
        exchanges.push(...page.exchanges);
        cursor = page.next;
      } while (cursor !== null && exchanges.length < HAR_LIMIT);
      const har = toHar(exchanges.slice(0, HAR_LIMIT), info.urls, info.version);
      downloadText(harFileName(label), HAR_TYPE, JSON.stringify(har));
      return exchanges.length;
    },
  });
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => save.mutate()}
      disabled={save.isPending}
      title={`Every exchange these filters let through (up to ${HAR_LIMIT.toLocaleString('en')}), oldest first, as an HTTP Archive (HAR 1.2)`}
      data-testid="log-download-har"
    >
      {save.isPending ? 'Preparing HAR…' : 'Download HAR'}
    </button>
  );
}
