import { formatWhen, formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { formatOffset } from './time-scale';
import { type TimelineModel, type TimelinePoint, type Tone } from './timeline-model';
import { DataTable, num } from '../ui/DataTable';

const BADGE: Record<Tone, string> = {
  ok: 'badge-ok',
  error: 'badge-bad',
  timeout: 'badge-pending',
  interrupted: '',
  sending: '',
};

/** Every attempt of the plan as a row: when it was due, when it went, the answer, and its exchange in the log. */
export function AttemptsTable({ model, orderId }: { model: TimelineModel; orderId: string }) {
  const first = model.scale.spec.firstDelayMs;
  return (
    <DataTable
      columns={['#', 'Plan', 'Due', 'Sent', 'Answer', num('HTTP'), num('Duration'), 'Exchange']}
      className="table attempts-table"
      testId="attempts-table"
    >
      {model.points.map((p, i) => (
        <tr
          key={p.number}
          data-testid="attempt-row"
          data-number={p.number}
          data-state={p.state}
          className={`attempt-${p.state}`}
        >
          <td className="num-font">{p.number}</td>
          <td className="muted">
            {i === 0
              ? `${formatOffset(first)} after completion`
              : `+${formatOffset(p.offsetMs)} after the first`}
          </td>
          <td className="mono small">{formatWhen(p.dueAt)}</td>
          <td className="mono small">{p.attempt ? formatWhen(p.attempt.sent_at) : '—'}</td>
          <td>
            <AnswerBadge point={p} />
            {p.attempt?.faults?.map((f) => (
              <span
                key={f}
                className="badge badge-bad badge-inline"
                title="A merchant fault the simulator applied with this attempt (simulator-only: the real service has no such faults)"
                data-testid="attempt-fault"
              >
                fault: {f}
              </span>
            ))}
          </td>
          <td className="num">{p.attempt?.status ?? '—'}</td>
          <td className="num">
            {p.attempt?.duration_ms != null ? formatDuration(p.attempt.duration_ms) : '—'}
          </td>
          <td>
            {p.attempt?.exchange_id ? (
              <a
                className="mono small"
                href={formatRoute({ name: 'log', orderId, exchangeId: p.attempt.exchange_id })}
                data-testid="attempt-exchange"
              >
                {p.attempt.exchange_id}
              </a>
            ) : (
              <span className="muted">—</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function AnswerBadge({ point }: { point: TimelinePoint }) {
  if (point.state === 'pending')
    return (
      <span className="muted" data-testid="attempt-outcome">
        planned
      </span>
    );
  if (point.state === 'cancelled')
    return (
      <span className="muted attempt-cancelled-label" data-testid="attempt-outcome">
        cancelled
      </span>
    );
  const outcome = point.attempt!.outcome;
  return (
    <span
      className={`badge ${BADGE[point.tone ?? 'interrupted']}`}
      data-testid="attempt-outcome"
      data-outcome={outcome}
    >
      {outcome.replace('_', ' ')}
    </span>
  );
}
