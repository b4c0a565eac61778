import type { ClientEvent } from '@shared/schemas/customer.schema';
import { exchangeId } from '../exchanges/exchange-id';
import type { ExchangeLog } from '../exchanges/exchange-log';

/** The kind of a client-side event in the exchange log: `client_event.<name>`. */
export const CLIENT_EVENT_KIND = 'client_event';

/**
 * Logs what the embedded checkout told the merchant's page (a client-side event and its payload) as an
 * exchange of the order: direction out (to the merchant's page), method `postMessage`, the page's origin
 * as the address. The log then shows it among the callbacks, in the order things happened.
 */
export function recordClientEvent(log: ExchangeLog, orderId: string, ev: ClientEvent, nowMs: number): string {
  const id = exchangeId();
  log.record({
    id,
    order_id: orderId,
    direction: 'out',
    kind: `${CLIENT_EVENT_KIND}.${ev.event}`,
    method: 'postMessage',
    url: ev.origin ?? '(not framed: the checkout page was opened on its own)',
    status: null,
    duration_ms: 0,
    at: new Date(nowMs).toISOString(),
    request: { headers: {}, body: ev.data === undefined ? null : JSON.stringify(ev.data) },
    response: { headers: {}, body: null },
    outcome: ev.event,
    violations: [],
  });
  return id;
}
