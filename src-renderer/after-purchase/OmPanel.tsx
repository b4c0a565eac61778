import { type FraudStatus, type OmView } from '@shared/schemas/order-management.schema';
import { MoneyLocale, useMoney } from '../format/MoneyLocale';
import { formatWhen, formatDuration } from '../format/time';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { StatusBadge } from '../ui/StatusBadge';
import { useOmOrder } from '../api/after-purchase-queries';
import { FraudResolve } from './FraudResolve';
import { MerchantActions } from './MerchantActions';
import { MerchantCalls } from './MerchantCalls';
import { Captures, Refunds } from './OmCaptures';
import { OmCustomer } from './OmCustomer';
import { OmHistory } from './OmHistory';
import './after-purchase.css';

const FRAUD_TONE: Record<FraudStatus, string> = {
  ACCEPTED: 'badge-ok',
  PENDING: 'badge-pending',
  REJECTED: 'badge-bad',
};

/** The order as order management holds it, and every call the merchant made to it. */
export function OmPanel({ orderId }: { orderId: string }) {
  const om = useOmOrder(orderId);
  return (
    <section className="card om-panel" data-testid="om-panel" aria-labelledby="om-title">
      <QueryStatus isPending={om.isPending} error={om.error} what="the order management state">
        {om.data === null ? (
          <>
            <h2 id="om-title">Order management</h2>
            <p className="muted" data-testid="om-none">
              The order enters order management when the purchase completes.
            </p>
          </>
        ) : (
          om.data && (
            // The order's amounts in its own locale, as the checkout wrote them (issue 34 point 4).
            <MoneyLocale locale={om.data.order.locale}>
              <OmBody view={om.data} orderId={orderId} />
            </MoneyLocale>
          )
        )}
      </QueryStatus>
    </section>
  );
}

function OmBody({ view, orderId }: { view: OmView; orderId: string }) {
  const fmtMoney = useMoney();
  const o = view.order;
  const money = (n: number) => fmtMoney(n, o.purchase_currency);
  return (
    <>
      <header className="om-header">
        <h2 id="om-title">Order management</h2>
        <StatusBadge status={o.status} testId="om-status" />
        <span className="badge mono" data-testid="om-klarna-reference" title="klarna_reference">
          {o.klarna_reference}
        </span>
        <span
          className={`badge ${FRAUD_TONE[o.fraud_status]}`}
          data-testid="om-fraud"
          data-status={o.fraud_status}
        >
          fraud {o.fraud_status}
        </span>
        <span
          className={`badge ${view.acknowledged_at ? 'badge-ok' : 'badge-pending'}`}
          data-testid="om-ack"
          data-acknowledged={view.acknowledged_at !== null}
        >
          {view.acknowledged_at ? `acknowledged ${formatWhen(view.acknowledged_at)}` : 'not acknowledged'}
        </span>
        <span className="spacer" />
        <span className="muted small">
          {view.source === 'ipp' ? 'from an in-person session' : 'from a checkout'} · created{' '}
          {formatWhen(o.created_at)} · authorization expires{' '}
          <span data-testid="om-expires" data-expires-at={o.expires_at}>
            {formatWhen(o.expires_at)}
          </span>
        </span>
      </header>
      <FraudResolve orderId={orderId} pending={o.fraud_status === 'PENDING'} />
      <MerchantActions view={view} orderId={orderId} />
      <dl className="om-amounts" data-testid="om-amounts">
        <Amount label="Order amount" value={money(o.order_amount)} testId="om-order-amount" />
        <Amount label="Original" value={money(o.original_order_amount)} testId="om-original-amount" />
        <Amount label="Captured" value={money(o.captured_amount)} testId="om-captured-amount" />
        <Amount label="Refunded" value={money(o.refunded_amount)} testId="om-refunded-amount" />
        <Amount
          label="Remaining authorized"
          value={money(o.remaining_authorized_amount)}
          testId="om-remaining-amount"
        />
      </dl>
      <dl className="kv kv-wide om-refs" data-testid="om-refs">
        {(['merchant_reference1', 'merchant_reference2'] as const).map((k) => (
          <div key={k} className="kv-row">
            <dt className="mono">{k}</dt>
            <dd className={o[k] ? 'mono selectable' : 'muted'} data-testid={`om-${k}`}>
              {o[k] ?? 'not set (acknowledgement is the moment to write it back)'}
            </dd>
          </div>
        ))}
      </dl>
      <OmCustomer view={view} />
      <Captures view={view} money={money} />
      <Refunds view={view} money={money} />
      <OmHistory view={view} />
      <Notifications view={view} orderId={orderId} />
      <MerchantCalls orderId={orderId} />
    </>
  );
}

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="om-amount">
      <dt>{label}</dt>
      <dd className="num-font" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Notifications({ view, orderId }: { view: OmView; orderId: string }) {
  if (view.notifications.length === 0) return null;
  return (
    <section className="om-section" data-testid="om-notifications">
      <h3>Notifications</h3>
      <ul className="om-list">
        {view.notifications.map((n, i) => (
          <li key={i} data-testid="om-notification" data-sent={n.sent}>
            <span className="mono small muted">{formatWhen(n.at)}</span>{' '}
            <span className="mono">{n.event_type}</span>{' '}
            {n.sent ? (
              <>
                → {n.status ?? 'no answer'} ({n.outcome}
                {n.duration_ms !== null ? `, ${formatDuration(n.duration_ms)}` : ''})
                {n.exchange_id && (
                  <>
                    {' · '}
                    <a
                      className="mono small"
                      href={formatRoute({ name: 'log', orderId, exchangeId: n.exchange_id })}
                    >
                      log
                    </a>
                  </>
                )}
              </>
            ) : (
              <span className="muted">not sent: no notification URL is registered</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
