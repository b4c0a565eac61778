import { wallTimeOfExchange } from '@shared/rules/exchange-filter';
import { type Exchange } from '@shared/schemas/exchange.schema';

/** A row of the log: an exchange, and when the simulator served its own call, the serving side. */
export interface LogItem {
  exchange: Exchange;
  /** The built-in integrator's record of the same request (direction `in`), folded into the call. */
  served?: Exchange;
}

/** How far apart the two records of one request may be on the wall clock, beyond the call's duration. */
const SLACK_MS = 2000;

const wallOf = (e: Exchange): number => wallTimeOfExchange(e.id) ?? Date.parse(e.at);

/**
 * Folds each request the simulator made to its own built-in integrator (recorded twice: sent by the
 * shipping assistant, served by the fake) into one row. The served record pairs with the call of the same
 * method and path whose wall-clock time is nearest (within the call's duration and a little slack); the
 * rest of the list is kept in order. Without the integrator's URL nothing is paired.
 */
export function pairServed(exchanges: readonly Exchange[], integratorUrl: string): LogItem[] {
  const base = integratorUrl.replace(/\/+$/, '');
  if (base === '') return exchanges.map((exchange) => ({ exchange }));
  const candidates = new Map<string, number[]>();
  exchanges.forEach((e, i) => {
    if (e.direction !== 'in' || !e.kind.startsWith('integrator.')) return;
    const key = `${e.method} ${e.url}`;
    const list = candidates.get(key);
    if (list) list.push(i);
    else candidates.set(key, [i]);
  });
  const servedBy = new Map<number, number>();
  const used = new Set<number>();
  exchanges.forEach((o, i) => {
    if (o.direction !== 'out' || !o.url.startsWith(`${base}/`)) return;
    const list = candidates.get(`${o.method} ${o.url.slice(base.length)}`);
    if (!list) return;
    let best = -1;
    for (const j of list) {
      if (used.has(j)) continue;
      if (Math.abs(wallOf(exchanges[j]!) - wallOf(o)) > o.duration_ms + SLACK_MS) continue;
      if (best === -1 || Math.abs(j - i) < Math.abs(best - i)) best = j;
    }
    if (best === -1) return;
    used.add(best);
    servedBy.set(i, best);
  });
  const items: LogItem[] = [];
  exchanges.forEach((exchange, i) => {
    if (used.has(i)) return;
    const j = servedBy.get(i);
    items.push(j === undefined ? { exchange } : { exchange, served: exchanges[j]! });
  });
  return items;
}
