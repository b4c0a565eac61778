import type { ExpectationResult, ScenarioResult } from '@shared/schemas/scenario-report.schema';

/**
 * A finding in one sentence: the invariant, what the merchant did (the judge's `seen`, in its answers'
 * words), and the exchanges of the log that show it, each by id, kind and answer.
 */
export function findingSentence(name: string, e: ExpectationResult, r: ScenarioResult): string {
  const shown = e.exchange_ids
    .slice(0, 4)
    .map((id) => r.exchanges.find((x) => x.id === id))
    .filter((x) => x !== undefined)
    .map(
      (x) => `${x.id} ${x.method} ${x.kind}${x.fault ? ` (${x.fault})` : ''} → ${x.status ?? 'no answer'}`,
    );
  const where = shown.length ? `; the exchanges: ${shown.join(', ')}` : '';
  return `The merchant broke ${name} on order ${r.order_id ?? '(none)'}: ${e.seen}${where}.`;
}
