/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { Location } from '@shared/schemas/integrator.schema';
import { hoursSummary } from '@shared/format/opening-hours';
import { priceOrFree } from './format';
import { integratorFields } from './shipping-view';
import type { Checkout } from './use-checkout';

/** How many locations show before "Show more" (the integrator sends them nearest first). */
const SHOWN_LOCATIONS = 5;

/**
 * Where to pick the parcel up: the locations with their address and opening hours, and a search near
 * another postal code (the integrator is asked again; the nearest new location is taken).
 */
export function PickupLocations({
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
