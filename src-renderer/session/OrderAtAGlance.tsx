import { CALLBACK_KEYS } from '@shared/schemas/checkout-order.schema';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { formatClockTime } from '../format/time';
import { formatRoute } from '../router/routes';
import { type OrderProblem } from './first-failure';

const PROBLEM_TITLE: Record<OrderProblem['kind'], string> = {
  refused: 'Refused',
  failed: 'Failed',
  rule: 'Broke a rule',
};

/** The latest thing that went wrong, in one sentence at the top of the order, linked to its exchange. */
export function FirstFailure({ problem, orderId }: { problem: OrderProblem | null; orderId: string }) {
  if (!problem) return null;
  return (
    <p
      className={`first-failure first-failure-${problem.kind}`}
      role="alert"
      data-testid="first-failure"
      data-kind={problem.kind}
    >
      <strong>{PROBLEM_TITLE[problem.kind]}</strong>
      <span className="muted small num-font">{formatClockTime(problem.at)}</span>
      <span className="first-failure-sentence selectable">{problem.sentence}</span>
      {problem.exchangeId && (
        <a
          href={formatRoute({ name: 'log', orderId, exchangeId: problem.exchangeId })}
          data-testid="first-failure-exchange"
        >
          See the exchange
        </a>
      )}
    </p>
  );
}

const CALLBACKS = new Set<string>(CALLBACK_KEYS);
const SHOWN = 6;

/** The callbacks that ran for this order, newest last, with status and time: what a first screen should say. */
export function CallbacksRan({ exchanges, orderId }: { exchanges: readonly Exchange[]; orderId: string }) {
  // Oldest first whatever order the log answered in, so the newest are the ones kept and shown last.
  const ran = exchanges
    .filter((e) => e.direction === 'out' && CALLBACKS.has(e.kind))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const shown = ran.slice(-SHOWN);
  return (
    <section className="callbacks-ran" data-testid="callbacks-ran" aria-label="Callbacks that ran">
      <h2 className="callbacks-ran-title">Callbacks to your server</h2>
      {ran.length === 0 ? (
        <span className="muted small" data-testid="callbacks-ran-none">
          none yet
        </span>
      ) : (
        <ol className="callbacks-ran-list">
          {ran.length > shown.length && (
            <li className="muted small">
              <a href={formatRoute({ name: 'log', orderId })}>
                {ran.length - shown.length} earlier in the log
              </a>
            </li>
          )}
          {shown.map((e) => (
            <li key={e.id} data-testid="callback-ran" data-kind={e.kind}>
              <a
                className="callback-ran"
                href={formatRoute({ name: 'log', orderId, exchangeId: e.id })}
                title={`${e.method} ${e.url}${e.outcome ? ` · ${e.outcome}` : ''}`}
              >
                <span className="mono">{e.kind}</span>
                <span className={`cb-status cb-status-${tone(e.status)}`}>{e.status ?? 'no answer'}</span>
                <span className="muted small num-font">{formatClockTime(e.at)}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function tone(status: number | null): string {
  if (status === null) return 'none';
  if (status < 300) return 'ok';
  if (status < 400) return 'redirect';
  return status < 500 ? 'client' : 'server';
}
