/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Location } from '@shared/schemas/integrator.schema';
import { addonInfo, choiceFee, type AddonDraft } from '@shared/rules/addon-form';
import { formatWindow } from '@shared/format/shipping-format';
import { hoursSummary } from '@shared/format/opening-hours';
import { priceOrFree, money } from './format';
import { integratorFields, type ChoiceDraft, type IntegratorFields } from './shipping-view';
import type { Checkout } from './use-checkout';

/*
 * What an integrator's option asks of the customer: where to pick it up (with a search near another
 * postal code), when to have it delivered, and its add-ons; and what the choice costs.
 */

const SHOWN_LOCATIONS = 5;

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
        <Locations
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
                <span>{formatWindow(s.start, s.end)}</span>
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

function Locations({
  optionId,
  locations,
  selectedId,
  optionPrice,
  currency,
  checkout,
  onSelect,
}: {
  optionId: string;
  locations: Location[];
  selectedId: string;
  optionPrice: number;
  currency: string;
  checkout: Checkout;
  onSelect: (id: string) => void;
}) {
  const [all, setAll] = useState(false);
  const [postal, setPostal] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const disabled = checkout.busy !== null;
  const selectedIndex = locations.findIndex((l) => l.id === selectedId);
  const shown = all || selectedIndex >= SHOWN_LOCATIONS ? locations : locations.slice(0, SHOWN_LOCATIONS);

  const search = async () => {
    const code = postal.trim();
    if (code === '' || disabled) return;
    const r = await checkout.pickupSearch(code);
    if (!r.ok) return setResult({ ok: false, text: r.error.problems[0]?.message ?? r.error.message });
    const found = (r.found[optionId] ?? 0) > 0;
    setResult({ ok: found, text: r.message });
    // New locations come first, nearest the postal code: the nearest is taken.
    const option = r.view.shipping.options.find((o) => o.id === optionId);
    const nearest = option ? integratorFields(option)?.locations[0] : undefined;
    if (found && nearest) onSelect(nearest.id);
  };

  return (
    <fieldset class="subfieldset" disabled={disabled}>
      <legend>Pickup location</legend>
      <div class="pickup-search" role="search">
        <label for={`kco-pickup-${optionId}`}>Search near postal code</label>
        <div class="inline">
          <input
            id={`kco-pickup-${optionId}`}
            value={postal}
            inputMode="text"
            autoComplete="postal-code"
            onInput={(e) => setPostal(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter searches here; it does not choose the option.
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
            data-testid="kco-pickup-search-input"
          />
          <button
            type="button"
            class="button button-secondary"
            onClick={() => void search()}
            disabled={postal.trim() === ''}
            data-testid="kco-pickup-search-submit"
          >
            {checkout.busy === 'pickup_search' ? 'Searching…' : 'Search'}
          </button>
        </div>
        {result && (
          <p
            class={result.ok ? 'muted small' : 'field-error'}
            role="status"
            data-testid="kco-pickup-search-result"
          >
            {result.text}
          </p>
        )}
      </div>
      <ul class="locations">
        {shown.map((l) => (
          <li key={l.id}>
            <label
              class={`location${l.id === selectedId ? ' is-checked' : ''}`}
              data-testid="kco-location"
              data-location-id={l.id}
            >
              <input
                type="radio"
                name={`kco-location-${optionId}`}
                checked={l.id === selectedId}
                onChange={() => onSelect(l.id)}
              />
              <span class="location-text">
                <span class="location-name">{l.name}</span>
                <span class="muted small">
                  {l.address.street_address}, {l.address.postal_code} {l.address.city}
                </span>
                <span class="muted small">{hoursSummary(l.operational_hours)}</span>
              </span>
              {l.price !== optionPrice && (
                <span class="location-price">{priceOrFree(l.price, currency)}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {shown.length < locations.length && (
        <button
          type="button"
          class="link-button"
          onClick={() => setAll(true)}
          data-testid="kco-locations-more"
        >
          Show {locations.length - shown.length} more
        </button>
      )}
    </fieldset>
  );
}
