import { countOf } from '@shared/format/plural';
import { webHref } from '@shared/rules/web-url';
import { Fragment } from 'react';
import type { ShippingInfo } from '@shared/schemas/om-updates.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import { formatWhen } from '../format/time';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { DataTable, num } from '../ui/DataTable';

type Money = (n: number) => string;

/** Carriers, methods and tracking numbers, one item each; return shipments after an arrow. */
export function ShipmentList({ items, testId }: { items: readonly ShippingInfo[]; testId: string }) {
  return (
    <ul className="om-shipments" data-testid={testId} data-count={items.length}>
      {items.map((s, i) => (
        <li key={i} data-testid={`${testId}-item`}>
          <span>{s.shipping_company ?? 'carrier not given'}</span>
          {s.shipping_method && <span className="muted"> · {s.shipping_method}</span>}
          {s.tracking_number && (
            <>
              {' · '}
              {webHref(s.tracking_uri) ? (
                <a className="mono" href={webHref(s.tracking_uri)!} target="_blank" rel="noreferrer">
                  {s.tracking_number}
                </a>
              ) : (
                <span className="mono selectable">{s.tracking_number}</span>
              )}
            </>
          )}
          {(s.return_shipping_company || s.return_tracking_number) && (
            <span className="muted">
              {' '}
              · return {s.return_shipping_company ?? ''}{' '}
              <span className="mono">{s.return_tracking_number ?? ''}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The capture's due date (sim-defined), with its extension and fee. */
function DueDate({ view, captureId, money }: { view: OmView; captureId: string; money: Money }) {
  const s = view.capture_states[captureId];
  if (!s || s.due_at === null) return <span className="muted">none (card)</span>;
  return (
    <span data-testid="om-capture-due" data-extended={s.extended_by_days > 0}>
      {formatWhen(s.due_at)}
      {s.extended_by_days > 0 && (
        <span className="muted small">
          {' '}
          (+{countOf(s.extended_by_days, 'day')}, fee {money(s.extension_fee)})
        </span>
      )}
    </span>
  );
}

/** Every capture with its reference, due date, send-outs and shipments. */
export function Captures({ view, money }: { view: OmView; money: Money }) {
  const captures = view.order.captures;
  return (
    <section className="om-section" data-testid="om-captures" data-count={captures.length}>
      <h3>Captures</h3>
      {captures.length === 0 ? (
        <p className="muted">None: nothing is captured yet.</p>
      ) : (
        <DataTable
          columns={[
            'Capture id',
            'Reference',
            'Captured',
            'Description',
            num('Lines'),
            num('Amount'),
            num('Refunded'),
            {
              label: (
                <>
                  Due <SimDefinedBadge inline />
                </>
              ),
            },
            num('Send-outs'),
          ]}
        >
          {captures.map((c) => (
            <Fragment key={c.capture_id}>
              <tr data-testid="om-capture" data-capture-id={c.capture_id}>
                <td className="mono small selectable">{c.capture_id}</td>
                <td className="mono small selectable">{c.klarna_reference}</td>
                <td className="mono small">{formatWhen(c.captured_at)}</td>
                <td>{c.description ?? <span className="muted">—</span>}</td>
                <td className="num">{c.order_lines.length}</td>
                <td className="num">{money(c.captured_amount)}</td>
                <td className="num">{money(c.refunded_amount)}</td>
                <td className="small">
                  <DueDate view={view} captureId={c.capture_id} money={money} />
                </td>
                <td className="num" data-testid="om-capture-send-outs">
                  {view.capture_states[c.capture_id]?.send_outs ?? 0}
                </td>
              </tr>
              {c.shipping_info.length > 0 && (
                <tr className="om-subrow">
                  <td colSpan={9}>
                    <ShipmentList items={c.shipping_info} testId="om-capture-shipping" />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function Refunds({ view, money }: { view: OmView; money: Money }) {
  const refunds = view.order.refunds;
  return (
    <section className="om-section" data-testid="om-refunds" data-count={refunds.length}>
      <h3>Refunds</h3>
      {refunds.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <DataTable columns={['Refund id', 'Refunded', 'Description', 'Reference', num('Amount')]}>
          {refunds.map((r) => (
            <tr key={r.refund_id} data-testid="om-refund">
              <td className="mono small selectable">{r.refund_id}</td>
              <td className="mono small">{formatWhen(r.refunded_at)}</td>
              <td>{r.description ?? <span className="muted">—</span>}</td>
              <td className="mono small">{r.reference ?? <span className="muted">—</span>}</td>
              <td className="num">{money(r.refunded_amount)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
