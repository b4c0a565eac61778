import { type OrderSummary } from '@shared/schemas/checkout-order.schema';
import { ORDERS_LIMIT, useOrders } from '../api/queries';
import { formatMoney } from '../format/money';
import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { QueryStatus } from '../ui/QueryStatus';
import { StatusBadge } from '../ui/StatusBadge';
import { OrdersEmpty } from './OrdersEmpty';
import { DataTable, num } from '../ui/DataTable';
import { Page } from '../ui/Page';

/** Every checkout order the simulator holds, newest first, updated live. */
export function OrdersPage() {
  const orders = useOrders();
  return (
    <Page
      title="Orders"
      testId="orders-page"
      aside={
        <>
          {orders.data && orders.data.length > 0 && (
            <span className="muted" data-testid="orders-count">
              {orders.data.length === ORDERS_LIMIT ? `newest ${ORDERS_LIMIT}` : `${orders.data.length} total`}
            </span>
          )}
          <span className="spacer" />
          <a className="btn btn-primary" href={formatRoute({ name: 'order-new' })} data-testid="orders-new">
            New order
          </a>
        </>
      }
    >
      <QueryStatus isPending={orders.isPending} error={orders.error} what="orders">
        {orders.data && orders.data.length === 0 ? (
          <OrdersEmpty />
        ) : (
          <OrdersTable orders={orders.data ?? []} />
        )}
      </QueryStatus>
    </Page>
  );
}

function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <DataTable
      columns={[
        'Order',
        'Status',
        'Country',
        { label: 'Currency', className: 'col-currency' },
        num('Amount'),
        num('Lines'),
        'Created',
      ]}
      testId="orders-list"
    >
      {orders.map((o) => (
        <OrderRow key={o.order_id} order={o} />
      ))}
    </DataTable>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  const href = formatRoute({ name: 'order', orderId: order.order_id });
  return (
    <tr
      className="clickable"
      data-testid={`order-row-${order.order_id}`}
      // The whole row is a target for the mouse; the id link stays the keyboard's way in.
      onClick={(e) => {
        if (!(e.target instanceof HTMLAnchorElement)) window.location.hash = href;
      }}
    >
      <td>
        <a className="mono" href={href} data-testid={`order-link-${order.order_id}`}>
          {order.order_id}
        </a>
        {order.merchant_reference1 && <div className="muted small">{order.merchant_reference1}</div>}
      </td>
      <td>
        <StatusBadge status={order.status} />
      </td>
      <td>{order.purchase_country}</td>
      <td className="col-currency">{order.purchase_currency}</td>
      <td className="num" data-testid="order-amount">
        {formatMoney(order.order_amount, order.purchase_currency, order.locale)}
      </td>
      <td className="num">{order.line_count}</td>
      <td className="nowrap">
        <time dateTime={order.created_at} data-testid="order-created">
          {formatWhen(order.created_at)}
        </time>
      </td>
    </tr>
  );
}
