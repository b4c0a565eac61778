import { type Exchange } from '@shared/schemas/exchange.schema';

const OM_PREFIX = 'ordermanagement';

/**
 * The merchant's calls to order management for one order, oldest first. `exchanges.list` answers newest first
 * in the order the log recorded them; that order is kept (times tie while the simulator clock is paused).
 */
export function omCalls(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges
    .filter((e) => e.direction === 'in' && (e.kind === OM_PREFIX || e.kind.startsWith(`${OM_PREFIX}.`)))
    .reverse();
}

const WORDS: Record<string, string> = {
  read: 'fetch the order',
  acknowledge: 'acknowledge',
  merchant_references: 'set merchant references',
  cancel: 'cancel',
  capture: 'capture',
  captures: 'list captures',
  'capture.read': 'read a capture',
  refund: 'refund',
  'refund.read': 'read a refund',
  authorization: 'update the order amount',
  extend_authorization: 'extend the authorization time',
  release_authorization: 'release the remaining authorization',
  customer_details: 'update the shipping address',
  shipping_info: 'add shipping info',
  'capture.shipping_info': 'add shipping info to a capture',
  'capture.send_out': 'send the capture out again',
  'capture.extend_due_date': 'extend a due date',
  'capture.due_date_options': 'list due date options',
};

/** What a call was, in words: `ordermanagement.acknowledge` → `acknowledge`. */
export function omCallLabel(kind: string): string {
  const rest = kind.startsWith(`${OM_PREFIX}.`) ? kind.slice(OM_PREFIX.length + 1) : kind;
  return WORDS[rest] ?? rest.replace(/[._]/g, ' ');
}

/** The path of a call without the host, the order id as in the spec: `/ordermanagement/v1/orders/{order_id}/acknowledge`. */
export function omCallPath(url: string, orderId: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://sim.invalid').pathname;
  } catch {
    // Not a URL: show it as recorded.
  }
  return path.split(`/${encodeURIComponent(orderId)}`).join('/{order_id}');
}

const ORDERS_PREFIX = '/ordermanagement/v1/orders';

/** The same path, shortened for a table cell: `…/{order_id}/acknowledge`. */
export function shortOmPath(path: string): string {
  return path.startsWith(`${ORDERS_PREFIX}/`) ? `…${path.slice(ORDERS_PREFIX.length)}` : path;
}
