import { formatSpan } from '../clock/countdown';
import { formatWhen } from '../format/time';
import { type TimelineModel } from './timeline-model';

/** The drawing's marks (their classes) and what each means, in the order the key lists them. */
const LEGEND = [
  ['lg-dot tone-ok', '2xx'],
  ['lg-dot tone-error', 'error / unreachable / refused'],
  ['lg-dot tone-timeout', 'timeout'],
  ['lg-dot tone-interrupted', 'interrupted'],
  ['lg-dot lg-pending', 'planned'],
  ['lg-dot lg-cancelled', 'cancelled'],
  ['lg-diamond', 'notification'],
  ['lg-ack', 'acknowledged'],
] as const;

/** The key to the drawing, and what lies off its scale (the authorization's expiry, 28 days out). */
export function TimelineLegend({ model }: { model: TimelineModel }) {
  const expiresIn = Date.parse(model.expiry.at) - Date.parse(model.now.at);
  return (
    <div className="timeline-legend small" data-testid="timeline-legend">
      {LEGEND.map(([mark, words]) => (
        <span key={mark} className="lg">
          <span className={mark} /> {words}
        </span>
      ))}
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
