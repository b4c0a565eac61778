import { type PushRecent, type PushState } from '@shared/schemas/push.schema';
import { formatWhen } from '../format/time';
import { QueryStatus } from '../ui/QueryStatus';
import { useRecentPush } from '../api/after-purchase-queries';
import { PushOrderCells } from './PushOrderCells';
import { DataTable } from '../ui/DataTable';

/** Each state in words, and its tone: only an acknowledgement is green; never acknowledged is a failure. */
const STATES: Record<PushState, { tone: 'ok' | 'bad' | 'neutral'; words: (r: PushRecent) => string }> = {
  acknowledged_before_push: {
    tone: 'ok',
    words: () => 'acknowledged before the first push (no push was needed)',
  },
  acknowledged: { tone: 'ok', words: (r) => `acknowledged after attempt ${r.attempts_made}` },
  awaiting: {
    tone: 'neutral',
    words: (r) =>
      r.attempts_made === 0
        ? 'awaiting: the first push is still to come'
        : `awaiting: ${r.attempts_made} attempt${r.attempts_made === 1 ? '' : 's'}, not acknowledged yet`,
  },
  never_acknowledged: {
    tone: 'bad',
    words: (r) => `never acknowledged (${r.attempts_made} attempts, the 48 hours are over)`,
  },
};

/** Every purchase of the last 7 days (simulator clock) with what push did for it, newest first. */
export function RecentPushCard() {
  const recent = useRecentPush();
  return (
    <section className="card" data-testid="push-recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent purchases</h2>
      <p className="hint">
        Every order completed in the last 7 days on the simulator clock, with a push URL, and where its push
        stands.
      </p>
      <QueryStatus isPending={recent.isPending} error={recent.error} what="the recent purchases">
        {recent.data?.length === 0 ? (
          <p className="muted" data-testid="push-recent-empty">
            No purchase yet. Buy something in the sample shop, or complete an order whose merchant_urls has a
            push URL.
          </p>
        ) : (
          recent.data && (
            <DataTable columns={['Order', 'Completed (sim clock)', 'Push', 'Acknowledged / next attempt']}>
              {recent.data.map((r) => (
                <RecentRow key={r.order_id} r={r} />
              ))}
            </DataTable>
          )
        )}
      </QueryStatus>
    </section>
  );
}

function RecentRow({ r }: { r: PushRecent }) {
  const state = STATES[r.state];
  return (
    <tr data-testid="push-recent-row" data-order-id={r.order_id} data-state={r.state}>
      <PushOrderCells orderId={r.order_id} completedAt={r.completed_at} testId="push-recent-order" />
      <td>
        <span className={`badge badge-${state.tone} push-state`} data-testid="push-recent-state">
          {state.words(r)}
        </span>
      </td>
      <td className="mono small nowrap">
        {r.acknowledged_at
          ? formatWhen(r.acknowledged_at)
          : r.next_attempt_at
            ? `#${r.next_attempt_number} at ${formatWhen(r.next_attempt_at)}`
            : '—'}
      </td>
    </tr>
  );
}
