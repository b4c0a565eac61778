import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Location } from '@shared/schemas/integrator.schema';
import { type PickupSearchResult } from '@shared/schemas/shipping-assistant.schema';
import { useState } from 'react';
import { useControlApi } from '../../api/ControlApiContext';
import { queryKeys } from '../../api/queries';
import { useMoney } from '../../format/MoneyLocale';
import { ErrorSummary } from '../../form/ErrorSummary';
import { toFormErrors } from '../../form/problems';
import { formatDistance } from './map-projection';
import { dateRows, hoursSummary, weekRows } from '@shared/format/opening-hours';
import { areaOf, pickupAreas } from './pickup-areas';
import { PickupMap } from './PickupMap';
import './pickup.css';

/**
 * The pickup part of the selector: a postal-code search, the locations in the integrator's order (nearest
 * first) listed by postal area, and the map of the selected location's area, each location with its address,
 * distance and opening hours. A search adds the locations near the new postal code and picks the nearest.
 */
export function PickupLocations({
  orderId,
  optionId,
  optionPrice,
  currency,
  locations,
  selectedId,
  disabled,
  onSelect,
}: {
  orderId: string;
  optionId: string;
  optionPrice: number;
  currency: string;
  locations: readonly Location[];
  selectedId: string;
  disabled: boolean;
  onSelect: (id: string) => void;
}) {
  const fmtMoney = useMoney();
  const areas = pickupAreas(locations);
  const shownArea = areaOf(areas, selectedId);
  return (
    <div className="pickup" data-testid="pickup-locations">
      <PickupSearch
        orderId={orderId}
        disabled={disabled}
        initial={shownArea?.postalCode ?? ''}
        onFound={(options) => {
          // The customer searched to pick near the new postal code: the nearest new location is taken.
          const first = options.find((o) => o.id === optionId)?.locations;
          if (Array.isArray(first) && typeof first[0]?.id === 'string') onSelect(first[0].id);
        }}
      />
      <div className="pickup-body">
        <div className="pickup-areas">
          {areas.map((a, i) => (
            <section
              key={a.postalCode}
              className="pickup-area"
              data-testid="pickup-area"
              data-postal={a.postalCode}
            >
              <h4 className="pickup-area-title">
                Near {a.postalCode}
                <span className="muted">
                  {i > 0 ? ' · an earlier search' : ' · distances from the middle of the area'}
                </span>
              </h4>
              <ol className="pickup-list" aria-label={`Pickup locations near ${a.postalCode}`}>
                {a.items.map(({ location: l, n, distance }) => (
                  <LocationRow
                    key={l.id}
                    n={n}
                    location={l}
                    distance={formatDistance(distance)}
                    price={l.price !== optionPrice ? fmtMoney(l.price, currency) : null}
                    selected={l.id === selectedId}
                    disabled={disabled}
                    onSelect={() => onSelect(l.id)}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
        {shownArea && (
          <PickupMap
            area={shownArea}
            selectedId={selectedId}
            areaLabel={`Postal area ${shownArea.postalCode}`}
            disabled={disabled}
            onSelect={onSelect}
          />
        )}
      </div>
    </div>
  );
}

function LocationRow({
  n,
  location: l,
  distance,
  price,
  selected,
  disabled,
  onSelect,
}: {
  n: number;
  location: Location;
  distance: string;
  price: string | null;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  return (
    <li
      className={`pickup-row${selected ? ' selected' : ''}`}
      data-testid={`pickup-location-${l.id}`}
      data-selected={selected}
    >
      <label className="pickup-row-head">
        <input
          type="radio"
          name="pickup-location"
          checked={selected}
          onChange={onSelect}
          disabled={disabled}
          data-testid="pickup-location-radio"
        />
        <span className="pickup-number" aria-hidden="true">
          {n}
        </span>
        <span className="pickup-text">
          <span className="pickup-name">{l.name}</span>
          <span className="muted small">
            {l.address.street_address}, {l.address.postal_code} {l.address.city} · ≈ {distance}
            {price && <> · {price}</>}
          </span>
          {!selected && (
            <span className="muted small" data-testid="pickup-hours-summary">
              {hoursSummary(l.operational_hours)}
            </span>
          )}
        </span>
      </label>
      {selected && <OpeningHours location={l} />}
    </li>
  );
}

/** The week with merged days, then the date overrides (holidays); "Hours not given" when the integrator omits them. */
function OpeningHours({ location: l }: { location: Location }) {
  const h = l.operational_hours;
  if (!h) {
    return (
      <p className="muted small pickup-hours" data-testid="pickup-hours">
        Opening hours not given.
      </p>
    );
  }
  const dates = dateRows(h);
  return (
    <table className="pickup-hours" data-testid="pickup-hours">
      <caption className="visually-hidden">Opening hours of {l.name}</caption>
      <tbody>
        {weekRows(h).map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.text}</td>
          </tr>
        ))}
        {dates.map((r) => (
          <tr key={r.label} className="pickup-hours-date" data-testid="pickup-hours-date">
            <th scope="row">{r.label}</th>
            <td>{r.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A new postal code in the pickup map: the integrator is asked with country and postal code only. */
function PickupSearch({
  orderId,
  initial,
  disabled,
  onFound,
}: {
  orderId: string;
  initial: string;
  disabled: boolean;
  onFound: (options: PickupSearchResult['shipping_options']) => void;
}) {
  const api = useControlApi();
  const client = useQueryClient();
  const [postal, setPostal] = useState(initial);
  const search = useMutation({
    mutationFn: () => api.invoke('shipping.pickupSearch', { orderId, postal_code: postal }),
    onSuccess: (r) => r.outcome === 'applied' && onFound(r.shipping_options),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.session(orderId) }),
  });
  const run = () => {
    if (postal.trim() !== '' && !search.isPending) search.mutate();
  };
  // Not a <form>: it sits inside the selector's form, and forms do not nest.
  return (
    <div className="pickup-search" role="search" data-testid="pickup-search">
      <label className="pickup-search-field">
        <span className="field-label">Find pickup locations near postal code</span>
        <span className="pickup-search-row">
          <input
            className="input"
            value={postal}
            onChange={(e) => setPostal(e.target.value)}
            disabled={disabled}
            inputMode="text"
            autoComplete="off"
            onKeyDown={(e) => {
              // Enter searches here instead of submitting the selector.
              if (e.key === 'Enter') {
                e.preventDefault();
                run();
              }
            }}
            data-testid="pickup-search-postal"
          />
          <button
            type="button"
            className="btn"
            onClick={run}
            disabled={disabled || search.isPending || postal.trim() === ''}
            data-testid="pickup-search-submit"
          >
            {search.isPending ? 'Searching…' : 'Search'}
          </button>
        </span>
      </label>
      {search.data && (
        <p
          className={`small ${search.data.outcome === 'applied' ? 'muted' : 'field-error'}`}
          role="status"
          data-testid="pickup-search-result"
          data-outcome={search.data.outcome}
        >
          {search.data.message}
        </p>
      )}
      <ErrorSummary errors={toFormErrors(search.error)} testId="pickup-search-error" />
    </div>
  );
}
