import { formatSpan } from '../clock/countdown';
import { formatWhen } from '../format/time';
import { type TimelineModel } from './timeline-model';

/** The key to the drawing, and what lies off its scale (the authorization's expiry, 28 days out). */
export function TimelineLegend({ model }: { model: TimelineModel }) {
  const expiresIn = Date.parse(model.expiry.at) - Date.parse(model.now.at);
  return (
    <div className="timeline-legend small" data-testid="timeline-legend">
      <span className="lg">
        <span className="lg-dot tone-ok" /> 2xx
      </span>
      <span className="lg">
        <span className="lg-dot tone-error" /> error / unreachable / refused
      </span>
      <span className="lg">
        <span className="lg-dot tone-timeout" /> timeout
      </span>
      <span className="lg">
        <span className="lg-dot tone-interrupted" /> interrupted
      </span>
      <span className="lg">
        <span className="lg-dot lg-pending" /> planned
      </span>
      <span className="lg">
        <span className="lg-dot lg-cancelled" /> cancelled
      </span>
      <span className="lg">
        <span className="lg-diamond" /> notification
      </span>
      <span className="lg">
        <span className="lg-ack" /> acknowledged
      </span>
      {!model.expiry.onScale && (
        <span className="lg muted" data-testid="timeline-expiry">
          {expiresIn > 0
            ? `Authorization expires ${formatWhen(model.expiry.at)} (in ${formatSpan(expiresIn)}, off the scale)`
            : `Authorization expired ${formatWhen(model.expiry.at)}`}
        </span>
      )}
    </div>
  );
}
