import { type Exchange } from '@shared/schemas/exchange.schema';

/**
 * The recorded API calls about one in-person session, oldest first. Reads and cancels carry the session id
 * in their URL; the create call does not (it is `POST /ipp/v1/sessions`), so its response body is searched
 * for the id. Only `ipp.*` exchanges count, so an order or callback mentioning the id is not picked up.
 */
export function exchangesOfSession(exchanges: readonly Exchange[], sessionId: string): Exchange[] {
  if (sessionId === '') return [];
  return exchanges
    .filter(
      (e) =>
        e.kind.startsWith('ipp.') &&
        (e.url.includes(sessionId) || (e.response.body ?? '').includes(sessionId)),
    )
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
