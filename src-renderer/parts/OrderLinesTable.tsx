import { type OrderLine } from '@shared/schemas/checkout-order.schema';
import { formatTaxRate } from '../format/money';
import { useMoney } from '../format/MoneyLocale';
import { DataTable, num } from '../ui/DataTable';

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
    <DataTable
      columns={[
        'Name',
        'Reference',
        'Type',
        num('Qty'),
        num('Unit price'),
        num('Tax rate'),
        num('Discount'),
        num('Total'),
        num('Tax'),
      ]}
      testId="order-lines"
      foot={
        <>
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
        </>
      }
    >
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
    </DataTable>
  );
}
