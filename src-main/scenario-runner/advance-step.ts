import { formatDuration, parseDuration } from '@shared/rules/duration';
import type { StepReport } from '@shared/schemas/scenario-report.schema';
import type { Fired, RunClock } from './run-clock';

/**
 * Moves the manual clock to each timer due within the span in turn, letting the merchant react to what
 * fired before the next (a push's acknowledgement lands before the next attempt is due), then to the end.
 */
export async function advance(
  to: string,
  clock: RunClock,
  quiet: () => Promise<void>,
  orderId: string,
): Promise<StepReport> {
  // The first read serves as the loop's first too: nothing happens between them.
  let c = await clock.view();
  const at = c.now;
  const fired: Fired[] = [];
  if (to === 'next_event') {
    fired.push(...(await clock.advance({ until: 'next_event' })).fired);
    await quiet();
  } else {
    const target = Date.parse(at) + parseDuration(to)!;
    for (;;) {
      const next = c.next_event_at === null ? null : Date.parse(c.next_event_at);
      if (next !== null && next <= target) {
        fired.push(...(await clock.advance({ until: 'next_event' })).fired);
        await quiet();
        c = await clock.view();
        continue;
      }
      const left = (target - Date.parse(c.now)) / 1000;
      if (left > 0) await clock.advance({ seconds: left });
      break;
    }
  }
  const own = fired.filter((f) => f.order_id === orderId);
  const kinds = [...new Set(own.map((f) => f.kind))].map(
    (k) => `${k} ×${own.filter((f) => f.kind === k).length}`,
  );
  const text =
    to === 'next_event'
      ? 'advance the clock to the next timer'
      : `advance the clock ${formatDuration(parseDuration(to)!)}`;
  const message = kinds.length
    ? `Fired for this order: ${kinds.join(', ')}.`
    : 'Nothing fired for this order.';
  return { text, at, outcome: `${own.length} fired`, message, exchange_ids: [] };
}
