import { useId, type KeyboardEvent } from 'react';
import { fitProjection, scaleBar } from './map-projection';
import { type PickupArea } from './pickup-areas';

const W = 520;
const H = 300;
const PAD = 34;

/**
 * The pickup locations of one postal area drawn from their coordinates around its middle (no map tiles:
 * there is no internet). Numbered like the list; the selected one is highlighted and named; a click picks one.
 */
export function PickupMap({
  area,
  selectedId,
  areaLabel,
  disabled,
  onSelect,
}: {
  area: PickupArea;
  selectedId: string;
  areaLabel: string;
  disabled: boolean;
  onSelect: (id: string) => void;
}) {
  // Unique per map, so two maps on one page never share a pattern.
  const gridId = `pickup-grid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const projection = fitProjection(
    area.items.map((i) => i.location.coordinates),
    { width: W, height: H, padding: PAD },
    area.centre,
  );
  const bar = scaleBar(projection.metresPerUnit, W / 4);
  const points = area.items.map(({ location: l, n }) => ({ l, n, ...projection.project(l.coordinates) }));
  // The selected point is drawn last, so it is on top of its neighbours.
  const ordered = [...points].sort((a, b) => Number(a.l.id === selectedId) - Number(b.l.id === selectedId));
  const pick = (id: string) => !disabled && onSelect(id);
  const onKey = (e: KeyboardEvent, id: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(id);
    }
  };

  return (
    <svg
      className="pickup-map"
      viewBox={`0 0 ${W} ${H}`}
      role="group"
      aria-label={`Map of ${area.items.length} pickup locations around ${areaLabel}`}
      data-testid="pickup-map"
    >
      <defs>
        <pattern id={gridId} width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" className="map-grid" />
        </pattern>
      </defs>
      <rect width={W} height={H} className="map-bg" />
      <rect width={W} height={H} fill={`url(#${gridId})`} />
      <g className="map-centre" aria-hidden="true">
        <circle cx={W / 2} cy={H / 2} r="26" />
        <path d={`M ${W / 2 - 6} ${H / 2} h 12 M ${W / 2} ${H / 2 - 6} v 12`} />
        <text x={W / 2} y={H / 2 + 40} textAnchor="middle">
          {areaLabel}
        </text>
      </g>
      {ordered.map(({ l, n, x, y }) => {
        const selected = l.id === selectedId;
        return (
          <g
            key={l.id}
            className={`map-point${selected ? ' selected' : ''}`}
            transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-pressed={selected}
            aria-label={`${n}. ${l.name}`}
            onClick={() => pick(l.id)}
            onKeyDown={(e) => onKey(e, l.id)}
            data-testid={`pickup-map-point-${l.id}`}
            data-selected={selected}
          >
            <title>{`${n}. ${l.name}, ${l.address.street_address}`}</title>
            <circle r={selected ? 14 : 11} />
            <text y="4" textAnchor="middle" className="map-point-number">
              {n}
            </text>
            {selected && (
              <text
                // Near the top edge the name goes under the marker, so it stays on the map.
                y={y < 44 ? 32 : -21}
                textAnchor={labelAnchor(x)}
                className="map-point-label"
                data-testid="pickup-map-label"
              >
                {l.name}
              </text>
            )}
          </g>
        );
      })}
      <g className="map-scale" transform={`translate(14 ${H - 16})`} aria-hidden="true">
        <path d={`M 0 -5 V 0 H ${bar.units.toFixed(1)} V -5`} />
        <text x={bar.units / 2} y="-8" textAnchor="middle">
          {bar.label}
        </text>
      </g>
      <g className="map-north" transform={`translate(${W - 20} 24)`} aria-hidden="true">
        <path d="M 0 -12 L 6 4 L 0 0 L -6 4 Z" />
        <text y="16" textAnchor="middle">
          N
        </text>
      </g>
    </svg>
  );
}

/** Names near an edge grow inwards, so they stay on the map. */
function labelAnchor(x: number): 'start' | 'middle' | 'end' {
  if (x < W * 0.3) return 'start';
  if (x > W * 0.7) return 'end';
  return 'middle';
}
