import { type PushTimeline } from '@shared/schemas/push.schema';
import { useMemo } from 'react';
import { usePushTimeline } from '../after-purchase/after-purchase-queries';
import { formatCountdown } from '../clock/countdown';
import { useSimNow } from '../clock/useSimNow';
import { formatDateTime } from '../format/time';
import { QueryStatus } from '../ui/QueryStatus';
import { AttemptsTable } from './AttemptsTable';
import { Timeline } from './Timeline';
import { buildTimelineModel, summarize } from './timeline-model';

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
        {summarize(model, formatDateTime, formatCountdown)}
      </p>
      {timeline.push_url && (
        <p className="hint">
          Push goes to <span className="mono wrap-anywhere selectable">{timeline.push_url}</span>
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
