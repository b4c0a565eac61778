import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type {
  ExpectationResult,
  ScenarioReport,
  ScenarioResult,
} from '@shared/schemas/scenario-report.schema';
import { formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { clockOffset, totalsText } from './scenario-view';

/** The report of a run: per scenario its verdict, each expectation, its steps, push timeline and exchanges. */
export function ScenarioReportView({ report }: { report: ScenarioReport }) {
  const t = report.totals;
  return (
    <div data-testid="scenario-report" data-passed={report.passed}>
      {report.scenarios.map((s, i) => (
        <ScenarioCard key={`${s.file}-${i}`} s={s} />
      ))}
      <p className="muted small" data-testid="scenario-totals">
        {totalsText(t)} · merchant <span className="mono">{report.merchant_url}</span> ·{' '}
        {formatDuration(report.duration_ms)}
      </p>
    </div>
  );
}

function ScenarioCard({ s }: { s: ScenarioResult }) {
  const tone = s.passed ? 'ok' : 'bad';
  const met = s.expectations.filter((e) => e.passed).length;
  return (
    <section
      className={`card scenario-card scenario-${tone}`}
      data-testid="scenario-result"
      data-passed={s.passed}
    >
      <header className="scenario-head">
        <h2 className={`text-${tone}`} data-testid="scenario-verdict">
          {s.passed ? '✓ ' : '✗ '}
          {s.name}
        </h2>
        <span className="spacer" />
        <span className={`badge badge-${tone}`}>
          {met} of {s.expectations.length} met
        </span>
      </header>
      <div className="muted small scenario-links">
        <span className="mono">{s.file}</span>
        {s.order_id && (
          <>
            <a href={formatRoute({ name: 'order', orderId: s.order_id })} data-testid="scenario-order-link">
              the order
            </a>
            <a href={formatRoute({ name: 'log', orderId: s.order_id })} data-testid="scenario-log-link">
              its log →
            </a>
          </>
        )}
        <span>{formatDuration(s.duration_ms)}</span>
      </div>
      {s.error && (
        <div className="notice notice-error" data-testid="scenario-run-error">
          {s.error}
        </div>
      )}
      <ul className="expectations">
        {s.expectations.map((e, i) => (
          <ExpectationRow key={i} e={e} orderId={s.order_id} exchanges={s.exchanges} />
        ))}
      </ul>
      {s.steps.length > 0 && <Steps s={s} />}
      {s.push && <PushSummary push={s.push} orderId={s.order_id!} start={s.clock_started_at} />}
      {s.exchanges.length > 0 && <Exchanges s={s} />}
    </section>
  );
}

function ExpectationRow({
  e,
  orderId,
  exchanges,
}: {
  e: ExpectationResult;
  orderId: string | null;
  exchanges: Exchange[];
}) {
  return (
    <li
      className={`expectation expectation-${e.passed ? 'ok' : 'bad'}`}
      data-testid="expectation"
      data-passed={e.passed}
    >
      <span className={`badge badge-${e.passed ? 'ok' : 'bad'}`}>{e.passed ? '✓ met' : '✗ not met'}</span>
      <div className="expectation-body">
        <div className="expectation-text">{e.text}</div>
        {e.passed ? (
          <div className="selectable" data-testid="expectation-seen">
            {e.seen}
          </div>
        ) : (
          <>
            <div className="selectable">
              <strong>expected</strong> {e.expected}
            </div>
            <div className="selectable" data-testid="expectation-seen">
              <strong>seen</strong> {e.seen}
            </div>
          </>
        )}
        {e.exchange_ids.length > 0 && (
          <div className="small expectation-links">
            {e.exchange_ids.slice(0, 8).map((id) => (
              <a
                key={id}
                href={formatRoute({ name: 'log', ...(orderId ? { orderId } : {}), exchangeId: id })}
                data-testid="expectation-exchange"
              >
                {exchanges.find((x) => x.id === id)?.kind ?? id} →
              </a>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function Steps({ s }: { s: ScenarioResult }) {
  return (
    <details className="scenario-section" data-testid="scenario-steps">
      <summary>Steps ({s.steps.length})</summary>
      <table className="table">
        <tbody>
          {s.steps.map((st, i) => (
            <tr key={i}>
              <td className="mono small nowrap">{clockOffset(s.clock_started_at, st.at)}</td>
              <td>{st.text}</td>
              <td>
                <span className="badge badge-inline">{st.outcome}</span>
              </td>
              <td className="muted">{st.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function PushSummary({
  push,
  orderId,
  start,
}: {
  push: PushTimeline;
  orderId: string;
  start: string | null;
}) {
  const first = push.attempts[0]?.sent_at ?? null;
  return (
    <div className="scenario-section" data-testid="scenario-push">
      <h3>Push</h3>
      <ol className="push-attempts">
        {push.attempts.map((a) => (
          <li key={`${a.number}-${a.exchange_id}`} className={`push-attempt push-${a.outcome}`}>
            <span className="mono">#{a.number}</span> {clockOffset(start, a.sent_at)} ·{' '}
            {a.status ?? a.outcome}
            {a.faults?.length ? <span className="muted"> · {a.faults.join(', ')}</span> : null}
          </li>
        ))}
        {push.acknowledged_at ? (
          <li className="push-ack" data-testid="scenario-push-ack">
            acknowledged {clockOffset(start, push.acknowledged_at)}
            {first
              ? ` (${formatDuration(Math.max(0, Date.parse(push.acknowledged_at) - Date.parse(first)))} after the first push)`
              : ''}
          </li>
        ) : (
          <li className="push-none" data-testid="scenario-push-ack">
            not acknowledged
          </li>
        )}
      </ol>
      <a className="small" href={formatRoute({ name: 'order-timeline', orderId })}>
        the whole timeline →
      </a>
    </div>
  );
}

function Exchanges({ s }: { s: ScenarioResult }) {
  return (
    <details className="scenario-section" data-testid="scenario-exchanges">
      <summary>Exchanges ({s.exchanges.length})</summary>
      <table className="table">
        <tbody>
          {s.exchanges.map((x) => (
            <tr key={x.id}>
              <td className="mono small nowrap">{clockOffset(s.clock_started_at, x.at)}</td>
              <td className="nowrap">{x.direction === 'out' ? '→ merchant' : '← merchant'}</td>
              <td>
                <a href={formatRoute({ name: 'log', orderId: s.order_id ?? undefined, exchangeId: x.id })}>
                  {x.kind}
                </a>
                {x.fault && <span className="badge badge-pending badge-inline">{x.fault}</span>}
              </td>
              <td className="mono small">{x.status ?? '—'}</td>
              <td className="mono small nowrap">{formatDuration(x.duration_ms)}</td>
              <td className="muted">
                {x.outcome}
                {x.violations.length > 0 &&
                  ` · ${x.violations.length} violation${x.violations.length === 1 ? '' : 's'}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
