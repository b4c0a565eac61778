import type { ExploreEndedEarly } from '@shared/schemas/explore.schema';

/** Reasons kept for the report: the most common first. */
const ENDED_EARLY_REASONS = 20;

/**
 * Why runs' journeys stopped before their last step (the scenario's error: a step the checkout refused in
 * the state the merchant left it in, a merchant that did not answer), counted by reason.
 */
export class EndedEarly {
  private readonly byReason = new Map<string, ExploreEndedEarly>();
  count = 0;

  add(run: number, error: string): void {
    this.count++;
    const reason = error.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      '{order_id}',
    );
    const seen = this.byReason.get(reason);
    if (seen) {
      seen.runs++;
      seen.run = Math.min(seen.run, run);
    } else this.byReason.set(reason, { reason, runs: 1, run });
  }

  /** The reasons, the most common first; past ENDED_EARLY_REASONS the rest as one, so the runs add up. */
  list(): ExploreEndedEarly[] {
    const all = [...this.byReason.values()].sort((a, b) => b.runs - a.runs || a.run - b.run);
    const kept = all.slice(0, ENDED_EARLY_REASONS - 1).map((e) => ({ ...e }));
    const rest = all.slice(ENDED_EARLY_REASONS - 1);
    if (rest.length === 1) kept.push({ ...rest[0]! });
    else if (rest.length > 1)
      kept.push({
        reason: `${rest.length} other reasons`,
        runs: rest.reduce((n, e) => n + e.runs, 0),
        run: Math.min(...rest.map((e) => e.run)),
      });
    return kept;
  }
}
