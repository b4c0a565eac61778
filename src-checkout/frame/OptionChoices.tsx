/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { addonInfo, choiceFee, type AddonDraft } from '@shared/rules/addon-form';
import { formatWindow } from '@shared/format/shipping-format';
import { priceOrFree, money, timeOptions } from './format';
import { PickupLocations } from './PickupLocations';
import type { ChoiceDraft, IntegratorFields } from './shipping-view';
import type { Checkout } from './use-checkout';

/*
 * What an integrator's option asks of the customer: where to pick it up (with a search near another
 * postal code), when to have it delivered, and its add-ons; and what the choice costs.
 */

export function OptionChoices({
  optionId,
  optionPrice,
  t,
  draft,
  problems,
  currency,
  checkout,
  onChange,
  children,
}: {
  optionId: string;
  optionPrice: number;
  t: IntegratorFields;
  draft: ChoiceDraft;
  problems: ReadonlyMap<number, string>;
  currency: string;
  checkout: Checkout;
  onChange: (next: ChoiceDraft) => void;
  /** The button that confirms the choice. */
  children?: ComponentChildren;
}) {
  const disabled = checkout.busy !== null;
  const fee = choiceFee(
    optionPrice,
    {
      locationPrice: t.locations.find((l) => l.id === draft.locationId)?.price,
      timeslotPrice: t.timeslots.find((s) => s.id === draft.timeslotId)?.price,
    },
    t.addons,
    draft.addons,
  );
  return (
    <div class="choices" data-testid="kco-option-choices">
      {t.locations.length > 0 && (
        <PickupLocations
          optionId={optionId}
          locations={t.locations}
          selectedId={draft.locationId}
          optionPrice={optionPrice}
          currency={currency}
          checkout={checkout}
          onSelect={(id) => onChange({ ...draft, locationId: id })}
        />
      )}
      {t.timeslots.length > 0 && (
        <fieldset class="subfieldset" disabled={disabled}>
          <legend>Delivery time</legend>
          <div class="timeslots">
            {t.timeslots.map((s) => (
              <label
                key={s.id}
                class={`timeslot${s.id === draft.timeslotId ? ' is-checked' : ''}`}
                data-testid="kco-timeslot"
                data-timeslot-id={s.id}
              >
                <input
                  type="radio"
                  name={`kco-timeslot-${optionId}`}
                  checked={s.id === draft.timeslotId}
                  onChange={() => onChange({ ...draft, timeslotId: s.id })}
                />
                <span>{formatWindow(s.start, s.end, timeOptions())}</span>
                {s.price ? <span class="muted">+{money(s.price, currency)}</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {t.addons.length > 0 && (
        <fieldset class="subfieldset" disabled={disabled}>
          <legend>Extras</legend>
          {t.addons.map((a, i) => {
            const d = draft.addons[i] ?? { type: a.type, selected: false, text: '' };
            const info = addonInfo(a);
            const problem = problems.get(i);
            const set = (next: AddonDraft) =>
              onChange({ ...draft, addons: draft.addons.map((x, j) => (j === i ? next : x)) });
            const textId = `kco-addon-${optionId}-${i}`;
            const errId = `${textId}-error`;
            const on = d.selected || a.required === true;
            return (
              <div
                key={a.type}
                class={`addon${problem ? ' is-invalid' : ''}`}
                data-testid="kco-addon"
                data-addon-type={a.type}
              >
                <label class="check">
                  <input
                    type="checkbox"
                    checked={on}
                    // A required add-on is part of the option: it stays on.
                    disabled={a.required === true}
                    onChange={(e) => set({ ...d, selected: e.currentTarget.checked })}
                    aria-describedby={problem && !info.text ? errId : undefined}
                    data-testid="kco-addon-check"
                  />
                  <span>{info.label}</span>
                  {a.required && <span class="tag">Required</span>}
                  {a.price ? <span class="muted">+{money(a.price, currency)}</span> : null}
                </label>
                {info.text && on && (
                  <div class="addon-text">
                    <label for={textId} class="visually-hidden">
                      {info.text.label}
                    </label>
                    <input
                      id={textId}
                      type={info.text.kind === 'textarea' ? 'text' : info.text.kind}
                      value={d.text}
                      placeholder={info.text.label}
                      maxLength={a.max_length}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? errId : undefined}
                      onInput={(e) => set({ ...d, text: e.currentTarget.value })}
                      data-testid="kco-addon-text"
                    />
                    {a.max_length !== undefined && (
                      <span class="counter muted">
                        {d.text.length}/{a.max_length}
                      </span>
                    )}
                  </div>
                )}
                {problem && (
                  <p id={errId} class="field-error" data-testid="kco-field-error" data-field={`addons[${i}]`}>
                    <span aria-hidden="true">! </span>
                    {problem}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <p class="choice-fee">
        Delivery for this choice: <strong data-testid="kco-choice-fee">{priceOrFree(fee, currency)}</strong>
      </p>
      {children}
    </div>
  );
}
