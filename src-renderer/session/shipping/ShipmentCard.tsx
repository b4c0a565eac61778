import { type SessionView } from '@shared/contract/checkout-ops';
import { type ShipmentTracking } from '@shared/schemas/shipping-assistant.schema';
import { z } from 'zod';
import { useShipmentTracking } from '../../api/queries';
import { useMoney } from '../../format/MoneyLocale';
import { browserLocale } from '../../format/locale';
import { formatWhen } from '../../format/time';
import { type SessionOrder } from '../session-view';
import { CopyButton } from '../../ui/CopyButton';
import { carrierName } from './carrier-logos';
import { addonInfo } from '@shared/rules/addon-form';
import { CarrierLogo } from './ShippingOptionCard';
import { className, formatWindow } from '@shared/format/shipping-format';
import './shipping.css';
import './shipment.css';
import { KvRow } from '../../ui/KvRow';

/** GAPS.md: the completed order's selected_shipping_option carries tms_reference and delivery_details. */
const ConfirmedOptionSchema = z.looseObject({
  name: z.string().optional(),
  carrier: z.string().optional(),
  tms_reference: z.string().optional(),
  delivery_details: z
    .looseObject({
      carrier: z.string().optional(),
      class: z.string().optional(),
      product: z.looseObject({ name: z.string().optional(), identifier: z.string().optional() }).optional(),
      timeslot: z.looseObject({ start: z.string(), end: z.string() }).optional(),
      pickup_location: z
        .looseObject({
          name: z.string().optional(),
          address: z
            .looseObject({
              street_address: z.string().optional(),
              postal_code: z.string().optional(),
              city: z.string().optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  selected_addons: z
    .array(
      z.looseObject({
        type: z.string(),
        price: z.number().optional(),
        external_id: z.string().optional(),
        user_input: z.string().optional(),
      }),
    )
    .optional(),
});

const STATUS_WORDS: Record<ShipmentTracking['status'], string> = {
  reserved: 'Shipment reserved',
  polling: 'Waiting for tracking',
  complete: 'Tracking complete',
  gave_up: 'Gave up: no tracking within 48 hours',
  lost: 'The integrator no longer knows this shipment',
};

/**
 * The purchase's shipment: the integrator's shipment id (the order's tms_reference), what was booked
 * (delivery_details), and the tracking ids as the simulator polls them after purchase, live.
 */
export function ShipmentCard({ view, order }: { view: SessionView; order: SessionOrder }) {
  const fmtMoney = useMoney();
  const shipment = view.state.shipping?.shipment ?? null;
  const tracking = useShipmentTracking(order.order_id, shipment !== null);
  if (!shipment || order.status !== 'checkout_complete') return null;
  const confirmed = ConfirmedOptionSchema.safeParse(order.selected_shipping_option ?? {});
  const option = confirmed.success ? confirmed.data : {};
  const details = option.delivery_details;
  const t = tracking.data ?? null;
  const carrier = details?.carrier ?? option.carrier;

  return (
    <section className="card shipment-card" data-testid="shipment-card">
      <header className="shipment-header">
        <CarrierLogo carrier={carrier} />
        <div>
          <h2>Shipment</h2>
          <div className="muted small">
            {details?.product?.name ?? option.name}
            {details?.class ? ` · ${className(details.class)}` : ''}
          </div>
        </div>
        <span className="spacer" />
        {t && (
          <span
            className={`badge ${t.status === 'complete' ? 'badge-ok' : t.status === 'polling' || t.status === 'reserved' ? 'badge-pending' : 'badge-bad'}`}
            data-testid="shipment-status"
            data-status={t.status}
          >
            {STATUS_WORDS[t.status]}
          </span>
        )}
      </header>
      <dl className="kv kv-wide">
        <div className="kv-row">
          <dt>Shipment id (tms_reference)</dt>
          <dd className="kv-value">
            <span className="mono selectable" data-testid="shipment-id">
              {option.tms_reference ?? shipment.shipment_id}
            </span>
            <CopyButton text={option.tms_reference ?? shipment.shipment_id} testId="shipment-id-copy" />
          </dd>
        </div>
        <KvRow term="Carrier" testId="shipment-carrier">
          {carrier ? carrierName(carrier) : '—'}
          {details?.product?.identifier && (
            <span className="muted mono small"> · product {details.product.identifier}</span>
          )}
        </KvRow>
        <KvRow term="Tracking" testId="shipment-tracking">
          <TrackingIds tracking={t} />
        </KvRow>
        {details?.pickup_location && (
          <KvRow term="Pickup location" testId="shipment-pickup">
            {details.pickup_location.name}
            {details.pickup_location.address && (
              <span className="muted">
                {' '}
                · {details.pickup_location.address.street_address},{' '}
                {details.pickup_location.address.postal_code} {details.pickup_location.address.city}
              </span>
            )}
          </KvRow>
        )}
        {details?.timeslot && (
          <KvRow term="Delivery time" testId="shipment-timeslot">
            {formatWindow(details.timeslot.start, details.timeslot.end, { locale: browserLocale() })}
          </KvRow>
        )}
        {(option.selected_addons?.length ?? 0) > 0 && (
          <KvRow term="Add-ons">
            <ul className="shipment-addons" data-testid="shipment-addons">
              {option.selected_addons!.map((a) => (
                <li key={a.type} data-testid={`shipment-addon-${a.type}`}>
                  {addonInfo({ type: a.type }).label}
                  {a.user_input ? <span className="mono">: {a.user_input}</span> : null}
                  {a.price ? (
                    <span className="muted"> · {fmtMoney(a.price, order.purchase_currency)}</span>
                  ) : null}
                  {a.external_id && <span className="muted mono small"> · {a.external_id}</span>}
                </li>
              ))}
            </ul>
          </KvRow>
        )}
      </dl>
      <details className="raw" data-testid="shipment-delivery-details">
        <summary>delivery_details</summary>
        <pre className="code-block">{JSON.stringify(details ?? null, null, 2)}</pre>
      </details>
    </section>
  );
}

function TrackingIds({ tracking: t }: { tracking: ShipmentTracking | null }) {
  const ids = (t?.shipments ?? []).filter((s) => s.tracking_id !== '');
  if (t && ids.length > 0) {
    return (
      <ul className="tracking-ids">
        {ids.map((s) => (
          <li key={s.tracking_id}>
            <span className="mono selectable" data-testid="shipment-tracking-id">
              {s.tracking_id}
            </span>{' '}
            <span className="muted small">({carrierName(s.carrier)})</span>
          </li>
        ))}
        {t.last_polled_at && (
          <li className="muted small">
            Found on poll {t.polls}, at {formatWhen(t.last_polled_at)} on the simulator clock.
          </li>
        )}
      </ul>
    );
  }
  return (
    <span data-testid="shipment-tracking-waiting">
      Waiting for tracking.{' '}
      <span className="muted small">
        {t?.next_poll_at
          ? `The simulator asks the integrator (GET /shipment) again at ${formatWhen(t.next_poll_at)} on its clock${t.poll_until ? `, until ${formatWhen(t.poll_until)}` : ''}; ${t.polls} poll${t.polls === 1 ? '' : 's'} so far.`
          : t?.status === 'gave_up'
            ? 'No tracking arrived within 48 hours; the simulator stopped asking.'
            : ''}
        {t?.last_error ? ` Last error: ${t.last_error}` : ''}
      </span>
    </span>
  );
}
