/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { ShippingOption } from '@shared/schemas/checkout-order.schema';
import { priceOrFree } from './format';
import { optionDetails, type IntegratorFields } from './shipping-view';

/**
 * One shipping option as a radio card: its name, who carries it and when, and its price (`from …` while it
 * is a preview, an estimate until the address is known). What it asks for (locations, times, add-ons)
 * shows inside it while it is chosen.
 */
export function OptionCard({
  option: o,
  t,
  currency,
  chosen,
  pickable,
  disabled,
  onPick,
  children,
}: {
  option: ShippingOption;
  t: IntegratorFields | null;
  currency: string;
  chosen: boolean;
  /** False before the address is entered and for preview options: shown, not picked. */
  pickable: boolean;
  disabled: boolean;
  onPick: () => void;
  children?: ComponentChildren;
}) {
  return (
    <div
      class={`option${chosen ? ' is-checked' : ''}${pickable ? '' : ' is-inactive'}`}
      data-testid="kco-shipping-option"
      data-option-id={o.id}
      data-preview={t?.preview ? 'true' : undefined}
    >
      <label class="option-head">
        <input
          type="radio"
          name="kco-shipping-option"
          value={o.id}
          checked={chosen}
          disabled={!pickable || disabled}
          onChange={onPick}
          data-testid="kco-shipping-option-radio"
        />
        <span class="option-text">
          <span class="option-name">
            {o.name}
            {t?.preview && <span class="tag">Estimate</span>}
          </span>
          {optionDetails(o, t).map((d) => (
            <span key={d} class="muted small">
              {d}
            </span>
          ))}
        </span>
        <span class="option-price" data-testid="kco-shipping-option-price">
          {t?.preview ? `from ${priceOrFree(o.price, currency)}` : priceOrFree(o.price, currency)}
        </span>
      </label>
      {children}
    </div>
  );
}
