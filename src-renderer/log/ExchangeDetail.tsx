import { isConsoleCall, wallTimeOfExchange } from '@shared/rules/exchange-filter';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { TLS_RULE } from '@shared/rules/production-tls';
import { MASK, useUiStore } from '../ui/ui-store';
import { formatDateTimeMs, formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { SpecLink } from '../ui/SpecLink';
import { CurlCopy } from './CurlCopy';
import { displayHeaders, exchangeFailure, prettyBody, isPageEvent, statusWords } from './exchange-view';
import { HarDownloadOne } from './HarDownload';
import { ReplaySlot } from './ReplaySlot';
import { plainViolation, specDocOfRule, violationHeadline } from './violations';

/**
 * One exchange, whole: where it went and when (both clocks), the rules it broke in plain words, what to
 * do with it (cURL, HAR, replay), then its request and its answer, headers and body. `served` is the
 * built-in integrator's own record of the same request, when the simulator was at both ends.
 */
export function ExchangeDetail({ exchange: e, served }: { exchange: Exchange; served?: Exchange }) {
  return (
    <div className="exchange-detail" data-testid="exchange-detail" data-exchange-id={e.id}>
      <Failure exchange={e} />
      <div className="exchange-meta">
        <span className="mono selectable wrap-anywhere" data-testid="exchange-target">
          {e.method} {e.url}
        </span>
        {e.order_id && <OrderLink exchange={e} />}
        {e.replay_of && (
          <a
            href={formatRoute({
              name: 'log',
              ...(e.order_id ? { orderId: e.order_id } : {}),
              exchangeId: e.replay_of,
            })}
            data-testid="exchange-replay-of"
          >
            replays <span className="mono">{e.replay_of}</span>
            {e.edited && e.edited.length > 0 ? `, edited: ${e.edited.join(', ')}` : ''}
          </a>
        )}
        {e.fault && (
          <span className="badge badge-inline" data-testid="exchange-fault">
            fault: {e.fault}
          </span>
        )}
        {isConsoleCall(e) && (
          <span className="badge badge-inline log-console" data-testid="exchange-console">
            made from the console, as the merchant
          </span>
        )}
      </div>
      <Timing exchange={e} />
      <Violations exchange={{ ...e, violations: e.violations.filter((v) => v.rule !== TLS_RULE) }} />
      <ProductionNotes exchange={e} />
      <div className="row-actions exchange-actions">
        <CurlCopy exchange={e} />
        <HarDownloadOne exchange={e} served={served} />
        <ReplaySlot exchange={e} />
      </div>
      <Message title="Request" message={e.request} testId="exchange-request" />
      <Message
        title={
          e.status !== null
            ? `Response ${e.status}`
            : isPageEvent(e)
              ? 'Response: none (an event told to the page has no answer)'
              : `Response: ${statusWords(e)}`
        }
        message={e.response}
        testId="exchange-response"
      />
      {served && <ServedSide served={served} />}
    </div>
  );
}

function OrderLink({ exchange: e }: { exchange: Exchange }) {
  if (e.order_id === null) return null;
  // An in-person session's call: filed under the session's id, shown on the Terminals page.
  return e.kind.startsWith('ipp.') ? (
    <a href={formatRoute({ name: 'terminals', sessionId: e.order_id })} data-testid="exchange-session-link">
      Session <span className="mono">{e.order_id}</span>
    </a>
  ) : (
    <a href={formatRoute({ name: 'order', orderId: e.order_id })} data-testid="exchange-order-link">
      Order <span className="mono">{e.order_id}</span>
    </a>
  );
}

/** When, by both clocks, how long, and how it ended. */
function Timing({ exchange: e }: { exchange: Exchange }) {
  const wall = wallTimeOfExchange(e.id);
  const ended = new Date(Date.parse(e.at) + e.duration_ms).toISOString();
  return (
    <dl className="exchange-timing" data-testid="exchange-timing">
      <div>
        <dt title="The clock that drives every timer (push retries, expiry): what the exchange's time is">
          Started · sim clock
        </dt>
        <dd className="mono" data-testid="exchange-at">
          {formatDateTimeMs(e.at)}
        </dd>
      </div>
      <div>
        <dt title="The computer's clock when the exchange was recorded (differs once the sim clock is moved)">
          Recorded · wall clock
        </dt>
        <dd className="mono" data-testid="exchange-wall">
          {wall === null ? '—' : formatDateTimeMs(new Date(wall).toISOString())}
        </dd>
      </div>
      <div>
        <dt>Took</dt>
        <dd title={`Ended ${formatDateTimeMs(ended)} (sim clock)`} data-testid="exchange-duration">
          {formatDuration(e.duration_ms)}
        </dd>
      </div>
      <div>
        <dt>Outcome</dt>
        <dd data-testid="exchange-outcome">{e.outcome ?? '—'}</dd>
      </div>
    </dl>
  );
}

/** The rules this exchange broke, each in plain words with where and how, and the spec it comes from. */
function Violations({
  exchange: e,
  testId = 'exchange-violations',
}: {
  exchange: Exchange;
  testId?: string;
}) {
  if (e.violations.length === 0) return null;
  return (
    <section className="violations" role="note" data-testid={testId}>
      <h4>⚠ {violationHeadline(e)}</h4>
      <ul>
        {e.violations.map((v, i) => {
          const p = plainViolation(v);
          const doc = specDocOfRule(p.rule);
          return (
            <li key={i} data-testid="exchange-violation" data-rule={p.rule}>
              <div className="violation-title">{p.title}</div>
              <div>
                At <span className="mono">{p.where}</span>: <span className="selectable">{p.message}</span>{' '}
                <span className="muted small mono">({p.rule})</span>
                {doc && (
                  <>
                    {' '}
                    <SpecLink doc={doc} className="small" />
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The exchange's own failure, first: the row's words (status, outcome) and who did what. */
function Failure({ exchange: e }: { exchange: Exchange }) {
  const failure = exchangeFailure(e);
  if (!failure) return null;
  return (
    <section className="exchange-failure" role="alert" data-testid="exchange-failure">
      <strong className="exchange-failure-status">{failure.status}</strong>
      {failure.outcome && <span className="exchange-failure-outcome">{failure.outcome}</span>}
      <span className="exchange-failure-sentence">{failure.sentence}</span>
    </section>
  );
}

/**
 * What only production would refuse (a plain-http or untrusted callback URL): every local callback carries
 * it, so it is folded after the exchange's own failure and the rules it broke, counted in its summary.
 */
function ProductionNotes({ exchange: e }: { exchange: Exchange }) {
  const notes = e.violations.filter((v) => v.rule === TLS_RULE);
  if (notes.length === 0) return null;
  return (
    <details className="exchange-production-notes" data-testid="exchange-production-notes">
      <summary>
        Works here; production would refuse {notes.length === 1 ? 'it' : `${notes.length} things`} (TLS rules)
      </summary>
      <Violations exchange={{ ...e, violations: notes }} testId="exchange-production-violations" />
    </details>
  );
}

/** The built-in integrator's side of a call the shipping assistant made to it. */
function ServedSide({ served }: { served: Exchange }) {
  return (
    <section className="served-side" data-testid="exchange-served">
      <h3>Served by the built-in integrator</h3>
      <p className="muted small">
        The simulator was at both ends of this request: the integrator’s own record,{' '}
        <span className="mono">{served.kind}</span>
        {served.outcome ? ` (${served.outcome})` : ''}, answered {served.status ?? 'nothing'} in{' '}
        {formatDuration(served.duration_ms)}.
      </p>
      <Violations exchange={served} testId="exchange-served-violations" />
      <Message title="As received" message={served.request} testId="exchange-served-request" bodyless />
      <Message
        title={`As answered${served.status !== null ? ` ${served.status}` : ''}`}
        message={served.response}
        testId="exchange-served-response"
        bodyless
      />
    </section>
  );
}

function Message({
  title,
  message,
  testId,
  bodyless = false,
}: {
  title: string;
  message: Exchange['request'];
  testId: string;
  /** Headers only (the body is the one shown above). */
  bodyless?: boolean;
}) {
  const reveal = useUiStore((s) => s.revealSecrets);
  const headers = displayHeaders(message.headers, reveal, MASK);
  const body = prettyBody(message.body);
  return (
    <section className="message" data-testid={testId}>
      <h3>{title}</h3>
      {headers.length > 0 && (
        <table className="headers" data-testid={`${testId}-headers`}>
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th className="mono">{name}</th>
                <td className="mono selectable wrap-anywhere">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bodyless ? null : body === '' ? (
        <p className="muted small">No body</p>
      ) : (
        <pre className="code-block body" data-testid={`${testId}-body`}>
          {body}
        </pre>
      )}
    </section>
  );
}
