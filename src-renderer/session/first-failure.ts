import { type Exchange } from '@shared/schemas/exchange.schema';
import { TLS_RULE } from '@shared/rules/production-tls';
import { type HistoryEntry } from './session-view';

/** The newest thing that went wrong with an order, in one sentence, and the exchange that shows it. */
export interface OrderProblem {
  kind: 'refused' | 'failed' | 'rule';
  sentence: string;
  at: string;
  exchangeId: string | null;
}

const KIND_OF: Partial<Record<HistoryEntry['outcome'], OrderProblem['kind']>> = {
  rejected: 'refused',
  denied: 'refused',
  failed: 'failed',
};

/**
 * The latest refusal, failure or rule broken: a step that went wrong and has not gone through since, or an
 * exchange whose answer broke a rule. A refusal the customer got past (the address refused, then another
 * accepted) is history, listed with the session's steps, not the order's state. A plain-http URL is not
 * counted here: every call to it is flagged, and the page says so once, in the production notes, instead of
 * letting it hide the problem the user came for.
 */
export function latestProblem(
  history: readonly HistoryEntry[],
  exchanges: readonly Exchange[],
): OrderProblem | null {
  let found: OrderProblem | null = null;
  const newer = (at: string) => found === null || at >= found.at;
  for (const h of lastOfEachStep(history)) {
    const kind = KIND_OF[h.outcome];
    if (!kind || !newer(h.at)) continue;
    found = { kind, sentence: h.message, at: h.at, exchangeId: telling(h.exchange_ids, exchanges) };
  }
  for (const e of exchanges) {
    const broken = e.violations.filter((v) => v.rule !== TLS_RULE);
    if (broken.length === 0 || !newer(e.at)) continue;
    // A step that failed because of this answer already says so, in better words; keep the step's sentence.
    if (found?.exchangeId === e.id) continue;
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : '';
    found = {
      kind: 'rule',
      sentence: `${e.kind}: ${broken[0]!.message}${more}.`,
      at: e.at,
      exchangeId: e.id,
    };
  }
  return found;
}

/** Each step's last try, oldest first: a try that went wrong stands only until the same step goes through. */
function lastOfEachStep(history: readonly HistoryEntry[]): HistoryEntry[] {
  const last = new Map<HistoryEntry['step'], HistoryEntry>();
  for (const h of history) {
    last.delete(h.step); // re-inserted: the map's order stays the history's
    last.set(h.step, h);
  }
  return [...last.values()];
}

/** Of a step's exchanges, the one that shows what went wrong: an error status or a broken rule, else the last. */
function telling(ids: readonly string[], exchanges: readonly Exchange[]): string | null {
  const byId = new Map(exchanges.map((e) => [e.id, e]));
  const bad = ids.find((id) => {
    const e = byId.get(id);
    return e !== undefined && (e.status === null || e.status >= 300 || e.violations.length > 0);
  });
  return bad ?? ids.at(-1) ?? null;
}
