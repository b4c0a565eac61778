import { type ArrivalMode } from '@shared/schemas/arrival.schema';
import { type PushTimeline } from '@shared/schemas/push.schema';
import { useMemo } from 'react';
import { usePushTimeline } from '../api/after-purchase-queries';
import { formatCountdown } from '../clock/countdown';
import { useSimNow } from '../clock/useSimNow';
import { formatWhen } from '../format/time';
import { QueryStatus } from '../ui/QueryStatus';
import { AttemptsTable } from './AttemptsTable';
import { Timeline } from './Timeline';
import { buildTimelineModel, summarize } from './timeline-model';

/** What each push/redirect order meant for this purchase, in one phrase. */
const ARRIVAL_NOTES: Record<ArrivalMode, string> = {
  redirect_first: 'the customer was redirected at once, push followed',
  push_first: 'the first push went before the customer was redirected',
  push_only: 'the customer never arrived: only push tells the shop',
};

/** An order's push timeline with the sentence that says where it stands; the attempts table on request. */
export function TimelineCard({ orderId, withTable = false }: { orderId: string; withTable?: boolean }) {
  const timeline = usePushTimeline(orderId);
  return (
    <QueryStatus isPending={timeline.isPending} error={timeline.error} what="the push timeline">
      {timeline.data === null ? (
        <p className="muted" data-testid="timeline-none">
          Order management does not know this order yet: push starts when the purchase completes.
        </p>
      ) : (
        timeline.data && <TimelineBody timeline={timeline.data} orderId={orderId} withTable={withTable} />
      )}
    </QueryStatus>
  );
}

function TimelineBody({
  timeline,
  orderId,
  withTable,
}: {
  timeline: PushTimeline;
  orderId: string;
  withTable: boolean;
}) {
  const simNow = useSimNow();
  const nowMs = simNow ?? Date.parse(timeline.now);
  const model = useMemo(() => buildTimelineModel(timeline, nowMs), [timeline, nowMs]);
  return (
    <div className="timeline-card">
      <p className={`timeline-summary timeline-summary-${model.state}`} data-testid="timeline-summary">
        {summarize(model, formatWhen, formatCountdown)}
      </p>
      {timeline.push_url && (
        <p className="hint">
          Push goes to <span className="mono wrap-anywhere selectable">{timeline.push_url}</span>
          {timeline.arrival && (
            <span data-testid="timeline-arrival" data-mode={timeline.arrival.mode}>
              {' · '}
              {ARRIVAL_NOTES[timeline.arrival.mode]} (
              {timeline.arrival.from === 'order' ? 'the order’s choice' : 'the setting'})
            </span>
          )}
        </p>
      )}
      <Timeline model={model} nowMs={nowMs} />
      {withTable && model.points.length > 0 && (
        <details className="attempts-details" open data-testid="attempts-details">
          <summary>
            Attempts ({model.made} made of {model.points.length} planned)
          </summary>
          <AttemptsTable model={model} orderId={orderId} />
        </details>
      )}
    </div>
  );
}
