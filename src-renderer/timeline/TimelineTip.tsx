import { type NotificationRecord } from '@shared/schemas/order-management.schema';
import { formatCountdown } from '../clock/countdown';
import { formatWhen, formatDuration, formatClockTime } from '../format/time';
import { type TimelinePoint } from './timeline-model';

/** What the pointer (or keyboard focus) is on. */
export type TipTarget =
  | { kind: 'point'; x: number; point: TimelinePoint }
  | { kind: 'ack'; x: number; at: string }
  | { kind: 'notification'; x: number; record: NotificationRecord };

const TIP_WIDTH = 250;

/** The hover card of a timeline mark: attempt number, HTTP code, duration, sent time. */
export function TimelineTip({
  target,
  nowMs,
  width,
  top,
}: {
  target: TipTarget;
  nowMs: number;
  width: number;
  top: number;
}) {
  const left = Math.min(Math.max(4, target.x - TIP_WIDTH / 2), Math.max(4, width - TIP_WIDTH - 4));
  return (
    <div
      className="timeline-tip"
      style={{ left, top, width: TIP_WIDTH }}
      role="tooltip"
      data-testid="timeline-tip"
    >
      {tipBody(target, nowMs)}
    </div>
  );
}

function tipBody(target: TipTarget, nowMs: number) {
  if (target.kind === 'ack') {
    return (
      <>
        <strong>Acknowledged</strong>
        <div>{formatWhen(target.at)}</div>
        <div className="muted">Every later attempt is cancelled.</div>
      </>
    );
  }
  if (target.kind === 'notification') {
    const r = target.record;
    return (
      <>
        <strong>Notification {r.event_type}</strong>
        <div>{formatWhen(r.at)}</div>
        <div className="muted">
          {r.sent
            ? `${r.outcome}${r.status !== null ? ` · HTTP ${r.status}` : ''}${r.duration_ms !== null ? ` · ${formatDuration(r.duration_ms)}` : ''}`
            : 'not sent: no notification URL is registered'}
        </div>
      </>
    );
  }
  const p = target.point;
  if (p.state === 'made' && p.attempt) {
    const a = p.attempt;
    return (
      <>
        <strong>
          Attempt {p.number} · {a.status !== null ? `HTTP ${a.status}` : 'no answer'} ·{' '}
          {a.outcome.replace('_', ' ')}
        </strong>
        <div>
          sent {formatWhen(a.sent_at)}
          {a.sent_at !== a.due_at && <span className="muted"> (due {formatClockTime(a.due_at)})</span>}
        </div>
        <div className="muted">
          {a.duration_ms !== null ? `took ${formatDuration(a.duration_ms)}` : 'no duration recorded'}
        </div>
      </>
    );
  }
  const due = Date.parse(p.dueAt);
  return (
    <>
      <strong>
        Attempt {p.number} · {p.state === 'pending' ? 'planned' : 'cancelled'}
      </strong>
      <div>
        {p.state === 'pending' ? 'due' : 'was due'} {formatWhen(p.dueAt)}
      </div>
      <div className="muted">
        {p.state === 'pending' ? formatCountdown(due - nowMs) : 'not sent: the order was acknowledged'}
      </div>
    </>
  );
}
