import { type ReactNode } from 'react';
import { formatTaxRate } from '../../format/money';
import { useMoney } from '../../format/MoneyLocale';
import { browserLocale } from '../../format/locale';
import { carrierLogo, carrierName } from './carrier-logos';
import { type ShownOption } from './selector-view';
import { badgeName, className, formatDeliveryTime, shippingTypeName } from '@shared/format/shipping-format';

/**
 * One option as the customer sees it: carrier logo, the name of its shipping type, the option's name, price
 * with VAT, delivery time, class and badges. A preview option is muted and cannot be picked. The details
 * (locations, timeslots, add-ons) show under the option being chosen.
 */
export function ShippingOptionCard({
  option,
  currency,
  chosen,
  selected,
  disabled,
  onPick,
  children,
}: {
  option: ShownOption;
  currency: string;
  chosen: boolean;
  /** The option the order holds now (the last applied choice). */
  selected: boolean;
  disabled: boolean;
  onPick: () => void;
  children?: ReactNode;
}) {
  const fmtMoney = useMoney();
  const { checkout: o, tms, preview } = option;
  const delivery = formatDeliveryTime(tms?.delivery_time, { locale: browserLocale() });
  const badges = (tms?.features ?? []).filter((f) => f.class === 'badge');
  return (
    <div
      className={`ship-option${preview ? ' preview' : ''}${chosen ? ' chosen' : ''}`}
      data-testid={`shipping-option-${o.id}`}
      data-preview={preview}
      data-chosen={chosen}
    >
      <label className="ship-option-head">
        <input
          type="radio"
          name="shipping-option"
          checked={chosen}
          onChange={onPick}
          disabled={disabled || preview}
          data-testid="shipping-option-radio"
        />
        <CarrierLogo carrier={tms?.carrier} />
        <span className="ship-option-names">
          <span className="ship-type" data-testid="shipping-option-type">
            {shippingTypeName(tms?.type, o.shipping_method)}
            {preview && (
              <span
                className="badge ship-preview-badge"
                title="Preview — enter your address for exact options"
                data-testid="shipping-option-preview"
              >
                Preview
              </span>
            )}
            {selected && <span className="badge badge-ok">selected</span>}
          </span>
          <span className="ship-name" data-testid="shipping-option-name">
            {o.name}
          </span>
          <span className="ship-meta">
            {delivery && (
              <span data-testid="shipping-option-delivery" title={delivery.cutoff ?? undefined}>
                {delivery.text}
              </span>
            )}
            {tms?.class && <span data-testid="shipping-option-class">{className(tms.class)}</span>}
            {badges.map((b) => (
              <span
                key={b.type}
                className={`ship-badge ship-badge-${b.type}`}
                data-testid="shipping-option-badge"
              >
                {b.type === 'eco' && <LeafIcon />}
                {badgeName(b.type)}
              </span>
            ))}
          </span>
          {delivery?.cutoff && <span className="muted small">{delivery.cutoff}</span>}
          {o.description && <span className="small">{o.description}</span>}
        </span>
        <span className="ship-price">
          <span className="amount" data-testid="shipping-option-price">
            {o.price === 0 ? 'Free' : fmtMoney(o.price, currency)}
          </span>
          <span className="muted small" data-testid="shipping-option-tax">
            {o.price === 0
              ? `VAT ${formatTaxRate(o.tax_rate)}`
              : `incl. ${fmtMoney(o.tax_amount, currency)} VAT (${formatTaxRate(o.tax_rate)})`}
          </span>
        </span>
      </label>
      {children}
    </div>
  );
}

/** The carrier's logo from resources/carriers, or its name in a plain box when the simulator has none. */
export function CarrierLogo({ carrier }: { carrier: string | undefined }) {
  const src = carrierLogo(carrier);
  if (src && carrier) {
    return <img className="carrier-logo" src={src} alt={carrierName(carrier)} data-testid="carrier-logo" />;
  }
  return (
    <span className="carrier-logo carrier-logo-none" data-testid="carrier-logo-none">
      {carrier ? carrierName(carrier) : 'Merchant'}
    </span>
  );
}

/** The eco badge's mark, drawn (no emoji font can be relied on). */
function LeafIcon() {
  return (
    <svg className="leaf-icon" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M14 2C7 2 3 5 3 10c0 1.2.4 2.3 1 3.1L2.5 14.6l.9.9L5 14c.8.6 1.8 1 3 1 5 0 6-6 6-13z" />
      <path d="M5 13c2-3 4-5 7-7" className="leaf-vein" />
    </svg>
  );
}
