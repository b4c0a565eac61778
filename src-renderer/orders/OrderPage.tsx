import { useOrder } from '../api/queries';
import { formatMinor } from '../format/money';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { StatusBadge } from '../ui/StatusBadge';
import { Addresses, MerchantUrls, OrderFacts } from './OrderDetails';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderViewSchema } from './order-view';
import './orders.css';

/** One checkout order: its cart, totals, status, merchant URLs and addresses. */
export function OrderPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  return (
    <div className="page" data-testid="order-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={formatRoute({ name: 'orders' })} data-testid="order-back">
          Orders
        </a>
        <span aria-hidden="true"> / </span>
        <span className="mono">{orderId}</span>
      </nav>
      <QueryStatus isPending={order.isPending} error={order.error} what="the order">
        {order.data === null ? (
          <div className="notice notice-error" data-testid="order-not-found">
            The simulator has no order with id <code>{orderId}</code>.
          </div>
        ) : (
          <OrderBody raw={order.data} orderId={orderId} />
        )}
      </QueryStatus>
    </div>
  );
}

function OrderBody({ raw, orderId }: { raw: unknown; orderId: string }) {
  const parsed = OrderViewSchema.safeParse(raw);
  if (!parsed.success) {
    return (
      <div className="notice notice-error" data-testid="order-unreadable">
        The order could not be read: {parsed.error.issues[0]?.message}
        <pre className="code-block">{JSON.stringify(raw, null, 2)}</pre>
      </div>
    );
  }
  const order = parsed.data;
  return (
    <>
      <header className="page-header">
        <h1 className="mono order-title" data-testid="order-id">
          {order.order_id}
        </h1>
        <StatusBadge status={order.status} />
        <span className="spacer" />
        <span className="amount-large" data-testid="order-amount">
          {formatMinor(order.order_amount, order.purchase_currency)}
        </span>
        <a className="btn" href={formatRoute({ name: 'log', orderId })} data-testid="order-log-link">
          View log
        </a>
      </header>
      <OrderFacts order={order} />
      <section className="section">
        <h2>Cart</h2>
        <OrderLinesTable
          lines={order.order_lines}
          currency={order.purchase_currency}
          orderAmount={order.order_amount}
          orderTaxAmount={order.order_tax_amount}
        />
      </section>
      <Addresses billing={order.billing_address} shipping={order.shipping_address} />
      {order.merchant_urls && <MerchantUrls urls={order.merchant_urls} />}
      <details className="raw" data-testid="order-raw">
        <summary>Order JSON</summary>
        <pre className="code-block">{JSON.stringify(order, null, 2)}</pre>
      </details>
    </>
  );
}
