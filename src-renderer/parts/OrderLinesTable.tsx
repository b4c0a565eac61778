import { type OrderLine } from '@shared/schemas/checkout-order.schema';
import { formatTaxRate } from '../format/money';
import { useMoney } from '../format/MoneyLocale';

/** The cart: one row per order line, and the order's totals underneath. */
export function OrderLinesTable({
  lines,
  currency,
  orderAmount,
  orderTaxAmount,
}: {
  lines: OrderLine[];
  currency: string;
  orderAmount: number;
  orderTaxAmount: number;
}) {
  const fmtMoney = useMoney();
  const money = (n: number | undefined) => (n === undefined ? '—' : fmtMoney(n, currency));
  return (
    <div className="table-wrap">
      <table className="table" data-testid="order-lines">
        <thead>
          <tr>
            <th>Name</th>
            <th>Reference</th>
            <th>Type</th>
            <th className="num">Qty</th>
            <th className="num">Unit price</th>
            <th className="num">Tax rate</th>
            <th className="num">Discount</th>
            <th className="num">Total</th>
            <th className="num">Tax</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} data-testid="order-line">
              <td data-testid="order-line-name">{line.name}</td>
              <td className="mono">{line.reference ?? '—'}</td>
              <td>{line.type ? line.type.replace(/_/g, ' ') : '—'}</td>
              <td className="num">
                {line.quantity}
                {line.quantity_unit ? ` ${line.quantity_unit}` : ''}
              </td>
              <td className="num">{money(line.unit_price)}</td>
              <td className="num">{formatTaxRate(line.tax_rate)}</td>
              <td className="num">{line.total_discount_amount ? money(line.total_discount_amount) : '—'}</td>
              <td className="num" data-testid="order-line-total">
                {money(line.total_amount)}
              </td>
              <td className="num">{money(line.total_tax_amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="totals">
            <th colSpan={7} scope="row">
              Order total
            </th>
            <td className="num" data-testid="order-total">
              {money(orderAmount)}
            </td>
            <td className="num" data-testid="order-tax-total">
              {money(orderTaxAmount)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
