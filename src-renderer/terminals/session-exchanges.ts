import { type Exchange } from '@shared/schemas/exchange.schema';

/**
 * The recorded API calls about one in-person session, oldest first, each once. The log files a
 * session's calls under its id (the id of the order it becomes), so the exchanges of that id are all
 * of them. Calls recorded before the log did so have no id: the newest exchanges are searched for
 * those, reads and cancels by the id in their URL, the create call (`POST /ipp/v1/sessions`) by its
 * response body. Only `ipp.*` exchanges count, so an order or callback mentioning the id is not
 * picked up.
 */
export function exchangesOfSession(lists: readonly (readonly Exchange[])[], sessionId: string): Exchange[] {
  if (sessionId === '') return [];
  const found = new Map<string, Exchange>();
  for (const list of lists) {
    for (const e of list) {
      if (
        e.kind.startsWith('ipp.') &&
        (e.order_id === sessionId || e.url.includes(sessionId) || (e.response.body ?? '').includes(sessionId))
      )
        found.set(e.id, e);
    }
  }
  return [...found.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
