import { fail } from '../../openapi/responses';
import type { Coverage } from './route-table';
import { TAGS } from './route-table';

/** The console's log page and its act-as-the-merchant actions. */
export const LOG_COVERAGE: {
  'exchanges.search': Coverage<'exchanges.search'>;
  'log.status': Coverage<'log.status'>;
  'merchant.request': Coverage<'merchant.request'>;
  'exchanges.sentAuthorization': Coverage<'exchanges.sentAuthorization'>;
} = {
  'exchanges.search': {
    method: 'POST',
    path: '/test_helpers/exchanges/search',
    kind: 'test_helpers.exchanges.search',
    body: 'whole',
    tag: TAGS.simulator,
    summary: 'A page of the exchange log, newest first, filtered as on the log page',
    description:
      '`{orderId, filter: {kind, direction, outcome, status, violations, text, order}, cursor, limit}`; pass `next` back as `cursor` for the next (older) page.',
  },
  'exchanges.sentAuthorization': {
    method: 'GET',
    path: '/test_helpers/exchanges/:exchange_id/sent_authorization',
    kind: 'test_helpers.exchanges.sent_authorization',
    tag: TAGS.simulator,
    summary: 'The Authorization header a refused request sent, as it was sent',
    description:
      'the log shows a refused request’s credentials masked (`Basic ****`) and keeps them sealed with a key of the data folder; this opens them, so a replay (Copy as cURL) fails as the request did. `authorization` is null when the request sent none.',
    answer: 'The header as sent, or null',
    errors: [fail(404, 'NOT_FOUND: the log holds no such exchange')],
  },
  'log.status': {
    method: 'GET',
    path: '/test_helpers/exchanges/status',
    kind: 'test_helpers.exchanges.status',
    tag: TAGS.simulator,
    summary: 'The exchange log’s size against its cap, what was pruned or dropped, and a full disk',
    description:
      '`{bytes, max_bytes, pruned, dropped, disk_full}`: the log’s files on disk in bytes, the cap (setting `log_max_bytes`), the exchanges removed oldest first to stay under it since the log was last emptied, the exchanges that could not be written since the simulator started, and `{path, since, message}` while the disk holding the data folder is full.',
  },
  'merchant.request': {
    consoleOnly:
      'the console’s way of acting as the merchant: it sends a call through the provider API with the merchant’s credentials, marked as the console’s. A script calls the provider API itself (/checkout/v3, /ordermanagement/v1, /ipp/v1, /elements/v1).',
  },
};
