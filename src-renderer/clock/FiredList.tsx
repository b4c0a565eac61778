import { type Fired } from '@shared/schemas/clock.schema';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';

/** How many fired timers an advance report lists before it summarizes the rest. */
const SHOWN = 6;

const KIND_WORDS: Record<string, string> = {
  'push.attempt': 'push attempt',
};

/** A timer kind in words: `push.attempt` → `push attempt`; unknown kinds as they are named. */
export function firedKindLabel(kind: string): string {
  return KIND_WORDS[kind] ?? kind.replace(/[._]/g, ' ');
}

/** What an advance fired, in due order: kind, order (linked to its timeline) and time. */
export function FiredList({ fired, total }: { fired: readonly Fired[]; total: number }) {
  const shown = fired.slice(0, SHOWN);
  return (
    <ul className="fired-list">
      {shown.map((f, i) => (
        <li key={i} data-testid="clock-fired-item" data-kind={f.kind}>
          <span className="mono muted">{formatWhen(f.at)}</span> {firedKindLabel(f.kind)}
          {f.order_id && (
            <>
              {' · '}
              <a className="mono" href={formatRoute({ name: 'order-timeline', orderId: f.order_id })}>
                {f.order_id.slice(0, 8)}
              </a>
            </>
          )}
          {!f.order_id && f.subject && <span className="mono muted"> · {f.subject}</span>}
        </li>
      ))}
      {total > shown.length && <li className="muted">… and {total - shown.length} more</li>}
    </ul>
  );
}
