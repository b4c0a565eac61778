import { type PushPending } from '@shared/schemas/push.schema';
import { ClockControls } from '../clock/ClockControls';
import { TestClocksPanel } from '../clock/TestClocksPanel';
import { formatCountdown } from '../clock/countdown';
import { useSimNow } from '../clock/useSimNow';
import { formatWhen } from '../format/time';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { formatOffset } from '../timeline/time-scale';
import { OVERVIEW_LIMIT, usePushOverview, usePushPlan } from '../api/after-purchase-queries';
import './after-purchase.css';
import { SpecLink } from '../ui/SpecLink';
import { RecentPushCard } from './RecentPushCard';
import { PushOrderCells } from './PushOrderCells';
import { DataTable } from '../ui/DataTable';
import { Page } from '../ui/Page';

/** The push plan in the spec's own words (checkout-callbacks.md, "Push retry schedule" and "Limits"). */
export const SPEC_PLAN =
  'First attempt about 2 minutes after completion; retries at 5, 15, 30 and 60 minutes, then every 4 hours, for 48 hours or until acknowledged.';

/** Every order awaiting acknowledgement with its attempts and the next one, beside the clock and the plan. */
export function PushOverviewPage() {
  return (
    <Page title="Push" testId="push-page">
      <p className="page-intro muted">
        After a purchase the simulator pushes your server until it acknowledges the order. Move the clock to
        see days of retries in seconds.
      </p>
      <RecentPushCard />
      <GivenUpCard />
      <AwaitingCard />
      <ClockControls />
      <PlanCard />
      <TestClocksPanel />
    </Page>
  );
}

function PlanCard() {
  const plan = usePushPlan();
  return (
    <section className="card" data-testid="push-plan" aria-labelledby="plan-title">
      <h2 id="plan-title">The plan, as the spec states it</h2>
      <blockquote className="spec-quote" data-testid="push-plan-spec">
        {SPEC_PLAN}
      </blockquote>
      <p className="hint small">
        From <SpecLink doc="checkout-callbacks.md" /> (Rules for push, Limits).
      </p>
      <QueryStatus isPending={plan.isPending} error={plan.error} what="the plan">
        {plan.data && (
          <>
            <p className="hint">
              The simulator reads it as: {plan.data.description} ({plan.data.max_attempts} attempts when
              nobody acknowledges; an HTTP 200 without an acknowledgement is retried).
            </p>
            <ol className="plan-chips" data-testid="push-plan-offsets">
              <li className="chip">
                <span className="muted">#1</span> {formatOffset(plan.data.first_delay_ms)} after completion
              </li>
              {plan.data.offsets_ms.slice(1).map((o, i) => (
                <li key={o} className="chip">
                  <span className="muted">#{i + 2}</span> +{formatOffset(o)}
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryStatus>
    </section>
  );
}

/**
 * Orders whose 48 hours are over without an acknowledgement: push gave up on them, so they are no longer
 * awaiting anything and stand in their own group, in the failure colour (issue 34 point 2).
 */
function GivenUpCard() {
  const overview = usePushOverview();
  const plan = usePushPlan();
  const rows = (overview.data ?? []).filter(givenUp);
  if (rows.length === 0) return null;
  return (
    <section className="card push-given-up" data-testid="push-given-up" aria-labelledby="given-up-title">
      <h2 id="given-up-title">
        Never acknowledged: push gave up
        <span className="badge badge-bad badge-inline" data-testid="push-given-up-count">
          {rows.length}
        </span>
      </h2>
      <p className="hint">
        Every attempt was made and the 48 hours after the first are over: your server never acknowledged these
        orders. Production treats that as an integration failure; no further push will come.
      </p>
      <AwaitingTable rows={rows} max={plan.data?.max_attempts} rowTestId="push-given-up-row" />
    </section>
  );
}

/** Push has nothing left to send: the schedule is exhausted. */
const givenUp = (r: PushPending) => r.next_attempt_at === null && r.attempts_made > 0;

function AwaitingCard() {
  const overview = usePushOverview();
  const plan = usePushPlan();
  const max = plan.data?.max_attempts;
  const awaiting = overview.data?.filter((r) => !givenUp(r));
  return (
    <section className="card" data-testid="push-overview" aria-labelledby="awaiting-title">
      <h2 id="awaiting-title">
        Awaiting acknowledgement
        {awaiting && (
          <span className="badge badge-inline" data-testid="push-overview-count">
            {awaiting.length}
            {overview.data?.length === OVERVIEW_LIMIT ? '+' : ''}
          </span>
        )}
        <SimDefinedBadge inline />
      </h2>
      <QueryStatus
        isPending={overview.isPending}
        error={overview.error}
        what="the orders awaiting acknowledgement"
      >
        {awaiting?.length === 0 ? (
          <p className="muted" data-testid="push-overview-empty">
            No order is awaiting acknowledgement. Complete a purchase whose merchant_urls has a push URL.
          </p>
        ) : (
          awaiting && <AwaitingTable rows={awaiting} max={max} />
        )}
      </QueryStatus>
    </section>
  );
}

function AwaitingTable({
  rows,
  max,
  rowTestId = 'push-overview-row',
}: {
  rows: PushPending[];
  max: number | undefined;
  rowTestId?: string;
}) {
  const now = useSimNow();
  return (
    <DataTable
      columns={['Order', 'Completed', 'Attempts', 'Last answer', 'Next attempt (sim clock)']}
      className="table push-table"
    >
      {rows.map((r) => (
        <tr key={r.order_id} data-testid={rowTestId} data-order-id={r.order_id}>
          <PushOrderCells orderId={r.order_id} completedAt={r.completed_at} testId="push-overview-order" />
          <td className="nowrap">
            {max !== undefined && <AttemptDots made={r.attempts_made} total={max} />}
            <span className="num-font" data-testid="push-overview-attempts">
              {r.attempts_made}
              {max !== undefined ? ` / ${max}` : ''}
            </span>
          </td>
          <td>
            {r.last_outcome === null ? (
              <span className="muted">—</span>
            ) : (
              // Every order here is unacknowledged: a 200 delivered it, but is no success (never green).
              <span
                className={`badge ${r.last_outcome === 'delivered' ? 'badge-pending' : 'badge-bad'}`}
                data-testid="push-overview-last"
              >
                {r.last_status ?? 'no answer'} {r.last_outcome.replace('_', ' ')}
                {r.last_outcome === 'delivered' ? ', not acknowledged' : ''}
              </span>
            )}
          </td>
          {/* "none: the 48 hours are over" may wrap: at 1024 px it ran past the card as one line. */}
          <td className={r.next_attempt_at ? 'nowrap' : undefined}>
            {r.next_attempt_at ? (
              <div className="next-attempt">
                <span>
                  #{r.next_attempt_number}{' '}
                  <strong className="num-font" data-testid="push-overview-countdown">
                    {now !== null ? formatCountdown(Date.parse(r.next_attempt_at) - now) : ''}
                  </strong>
                </span>
                <span className="mono small muted">{formatWhen(r.next_attempt_at)}</span>
              </div>
            ) : (
              <span className="muted">none: the 48 hours are over</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The schedule at a glance: one dot per planned attempt, filled once made. */
function AttemptDots({ made, total }: { made: number; total: number }) {
  return (
    <span className="attempt-dots" aria-hidden="true">
      {Array.from({ length: total }, (_, i) => (
        <span key={i} className={i < made ? 'attempt-dot made' : 'attempt-dot'} />
      ))}
    </span>
  );
}
