import { type Exchange } from '@shared/schemas/exchange.schema';
import { MASK, useUiStore } from '../app/ui-store';
import { formatRoute } from '../router/routes';
import { displayHeaders, prettyBody } from './exchange-view';

/** The unfolded exchange: violations, then request and response side by side. */
export function ExchangeDetail({ exchange: e }: { exchange: Exchange }) {
  return (
    <div className="exchange-detail" data-testid="exchange-detail">
      <div className="exchange-meta">
        <span className="mono selectable wrap-anywhere">
          {e.method} {e.url}
        </span>
        {e.order_id && (
          <a href={formatRoute({ name: 'order', orderId: e.order_id })} data-testid="exchange-order-link">
            Order <span className="mono">{e.order_id}</span>
          </a>
        )}
        {e.outcome && <span className="muted">Outcome: {e.outcome}</span>}
      </div>
      {e.violations.length > 0 && (
        <ul className="violations" data-testid="exchange-violations">
          {e.violations.map((v, i) => (
            <li key={i}>
              <span className="mono">{v.path || '(root)'}</span> {v.message}{' '}
              <span className="muted">[{v.rule}]</span>
            </li>
          ))}
        </ul>
      )}
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
