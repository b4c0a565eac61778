import { type Exchange } from '@shared/schemas/exchange.schema';
import { formatClockTime } from '../format/time';
import { Fold } from '../ui/Fold';
import { OutcomeBadge } from '../ui/OutcomeBadge';
import { type HistoryEntry } from './session-view';
import { ExchangeLinks, STEP_WORDS } from './StepResultCard';

/**
 * Every step the session took, oldest first, each with its outcome, sentence and exchanges. The exchanges
 * go under the sentence, not beside it: however many a step made, the sentence keeps its width.
 */
export function SessionHistory({
  history,
  orderId,
  exchanges,
}: {
  history: readonly HistoryEntry[];
  orderId: string;
  exchanges: ReadonlyMap<string, Exchange>;
}) {
  return (
    <Fold title="History" hint={historyHint(history)} testId="session-history">
      {history.length === 0 ? (
        <p className="muted">No step yet: the customer has only opened the checkout.</p>
      ) : (
        <ol className="history boxed-list">
          {history.map((h, i) => (
            <li key={i} className="history-entry" data-testid="history-entry" data-outcome={h.outcome}>
              <span className="history-time num-font muted small">{formatClockTime(h.at)}</span>
              <span className="history-step">{STEP_WORDS[h.step]}</span>
              <OutcomeBadge outcome={h.outcome} testId="history-outcome" />
              <div className="history-body">
                <span className="history-message selectable">
                  {h.message}
                  {h.notes.map((n, j) => (
                    <span key={j} className="muted small history-note">
                      {n}
                    </span>
                  ))}
                </span>
                {h.exchange_ids.length > 0 && (
                  <ExchangeLinks ids={h.exchange_ids} orderId={orderId} exchanges={exchanges} />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Fold>
  );
}

function historyHint(history: readonly HistoryEntry[]): string {
  const last = history.at(-1);
  if (!last) return 'no step yet';
  const n = history.length;
  return `${n} step${n === 1 ? '' : 's'}, the last: ${STEP_WORDS[last.step].toLowerCase()} ${last.outcome}`;
}
