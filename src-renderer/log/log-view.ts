import { type ExchangeFilter } from '@shared/schemas/exchange.schema';
import { type LogFilter } from '../router/routes';
import { isFullOrderId } from './exchange-view';
import { type LogSearch } from './useLogPages';

/**
 * What to ask the simulator for, from what the log's address says: a whole order id is read through the
 * log's index, part of one is matched as text with the other filters.
 */
export function searchOf(orderId: string | undefined, filter: LogFilter | undefined): LogSearch {
  const order = orderId?.trim() ?? '';
  const f: ExchangeFilter = { ...(filter ?? {}) };
  if (order !== '' && !isFullOrderId(order)) f.order = order;
  return { ...(isFullOrderId(order) ? { orderId: order } : {}), filter: f };
}

/** The line above the list: how many exchanges, of what, and whether older ones are left to load. */
export function countLabel(o: { count: number; byOrder: boolean; filtered: boolean; more: boolean }): string {
  const n = `${o.count.toLocaleString('en')} exchange${o.count === 1 ? '' : 's'}`;
  const more = o.more ? ' loaded; older ones load as you scroll' : '';
  if (o.byOrder) return `${n} of this order or session${o.filtered ? ' matching the filters' : ''}${more}`;
  if (o.filtered) return `${n} matching the filters${more}`;
  return `${n}${more}`;
}
