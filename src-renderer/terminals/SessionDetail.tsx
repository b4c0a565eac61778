import { type Session } from '@shared/schemas/ipp.schema';
import { useExchanges } from '../api/queries';
import { formatMoney } from '../format/money';
import { formatWhen, formatClockTime } from '../format/time';
import { SaveAsScenario } from '../parts/SaveAsScenario';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { StatusBadge } from '../ui/StatusBadge';
import { exchangesOfSession } from './session-exchanges';
import { historyWords } from './terminal-screen';

/** One session unfolded: its items, every status change with time and cause, and the API calls about it. */
export function SessionDetail({ session: s }: { session: Session }) {
  return (
    <div className="session-detail" data-testid="session-detail">
      <div className="session-facts small">
        <span>
          Tax <span className="num-font">{formatMoney(s.order_tax_amount, s.purchase_currency)}</span>
        </span>
        <span>
          Expires <span className="num-font">{formatWhen(s.expires_at)}</span>
        </span>
        <span>Wrong PINs {s.pin_attempts}</span>
        {s.failure_reason && <span data-testid="session-failure">Failure: {s.failure_reason}</span>}
        <span className="muted">{s.order_items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}</span>
        <span className="spacer" />
        <SaveAsScenario orderId={s.session_id} what="session" small />
      </div>
      <h3>Status changes</h3>
      <ol className="ipp-history boxed-list" data-testid="session-history">
        {s.history.map((h, i) => (
          <li key={i} className="ipp-history-entry" data-testid="session-history-entry" data-cause={h.cause}>
            <span className="num-font muted small">{formatClockTime(h.at)}</span>
            <StatusBadge status={h.status} testId="session-history-status" />
            <code className="cause" data-testid="session-history-cause">
              {h.cause}
            </code>
            <span data-testid="session-history-words">{historyWords(h)}</span>
          </li>
        ))}
      </ol>
      <h3>API calls</h3>
      <SessionExchanges sessionId={s.session_id} />
    </div>
  );
}

/**
 * The recorded calls of the in-person API about this session: those the log filed under its id, and
 * among the newest exchanges any recorded before it did (see exchangesOfSession). Each links to the log
 * with that exchange unfolded.
 */
function SessionExchanges({ sessionId }: { sessionId: string }) {
  const filed = useExchanges(sessionId);
  const newest = useExchanges();
  const found = filed.data && newest.data ? exchangesOfSession([filed.data, newest.data], sessionId) : [];
  return (
    <QueryStatus
      isPending={filed.isPending || newest.isPending}
      error={filed.error ?? newest.error}
      what="the exchanges"
    >
      {found.length === 0 ? (
        <p className="muted small" data-testid="session-no-exchanges">
          No API call about this session is in the log.
        </p>
      ) : (
        <ul className="ipp-exchanges boxed-list" data-testid="session-exchanges">
          {found.map((e) => (
            <li key={e.id} data-testid="session-exchange" data-kind={e.kind}>
              <span className="num-font muted small">{formatClockTime(e.at)}</span>
              <code>{e.kind}</code>
              <span className="mono small">
                {e.method} {pathOf(e.url)}
              </span>
              <span className="num-font">{e.status ?? '—'}</span>
              <a href={formatRoute({ name: 'log', exchangeId: e.id })} data-testid="session-exchange-link">
                Open in log
              </a>
            </li>
          ))}
        </ul>
      )}
    </QueryStatus>
  );
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://placeholder').pathname;
  } catch {
    return url;
  }
}
