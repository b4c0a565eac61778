import { type Exchange } from '@shared/schemas/exchange.schema';
import { MASK, useUiStore } from '../app/ui-store';
import { formatRoute } from '../router/routes';
import { CurlCopy } from './CurlCopy';
import { displayHeaders, prettyBody } from './exchange-view';
import { plainViolation, violationSubject } from './violations';

/** The unfolded exchange: broken rules in words, cURL, then request and response side by side. */
export function ExchangeDetail({ exchange: e }: { exchange: Exchange }) {
  return (
    <div className="exchange-detail" data-testid="exchange-detail">
      <div className="exchange-meta">
        <span className="mono selectable wrap-anywhere">
          {e.method} {e.url}
        </span>
        {e.order_id &&
          (e.kind.startsWith('ipp.') ? (
            // An in-person session's call: filed under the session's id, shown on the Terminals page.
            <a
              href={formatRoute({ name: 'terminals', sessionId: e.order_id })}
              data-testid="exchange-session-link"
            >
              Session <span className="mono">{e.order_id}</span>
            </a>
          ) : (
            <a href={formatRoute({ name: 'order', orderId: e.order_id })} data-testid="exchange-order-link">
              Order <span className="mono">{e.order_id}</span>
            </a>
          ))}
        {e.outcome && <span className="muted">Outcome: {e.outcome}</span>}
      </div>
      <Violations exchange={e} />
      <CurlCopy exchange={e} />
      <div className="message-pair">
        <Message title="Request" message={e.request} testId="exchange-request" />
        <Message
          title={`Response${e.status !== null ? ` ${e.status}` : ''}`}
          message={e.response}
          testId="exchange-response"
        />
      </div>
    </div>
  );
}

/** The rules this exchange broke, each in plain words with where and how. */
function Violations({ exchange: e }: { exchange: Exchange }) {
  if (e.violations.length === 0) return null;
  const who = violationSubject(e);
  return (
    <section className="violations" role="note" data-testid="exchange-violations">
      <h4>
        ⚠ {who} broke {e.violations.length === 1 ? 'a rule' : `${e.violations.length} rules`}
      </h4>
      <ul>
        {e.violations.map((v, i) => {
          const p = plainViolation(v);
          return (
            <li key={i} data-testid="exchange-violation" data-rule={p.rule}>
              <div className="violation-title">{p.title}</div>
              <div>
                At <span className="mono">{p.where}</span>: <span className="selectable">{p.message}</span>{' '}
                <span className="muted small mono">({p.rule})</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Message({
  title,
  message,
  testId,
}: {
  title: string;
  message: Exchange['request'];
  testId: string;
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
      {body === '' ? (
        <p className="muted small">No body</p>
      ) : (
        <pre className="code-block body" data-testid={`${testId}-body`}>
          {body}
        </pre>
      )}
    </section>
  );
}
