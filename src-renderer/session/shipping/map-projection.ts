/*
 * The pickup map without tiles (there is no internet): locations drawn as points on a plane around the
 * centre of their postal area. A local equirectangular projection is exact enough for a few kilometres.
 */

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface Box {
  width: number;
  height: number;
  /** Space kept free at each edge, in the same units, so markers and labels fit. */
  padding: number;
}

export interface Projection {
  centre: GeoPoint;
  /** Metres per drawing unit, for the scale bar. */
  metresPerUnit: number;
  project(p: GeoPoint): { x: number; y: number };
}

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG_EQUATOR = 111_320;
/** The span drawn around a single point (or points on top of each other). */
const MIN_SPAN_M = 1_000;

/** The mean of the points: the middle of the postal area they were found for. */
export function centreOf(points: readonly GeoPoint[]): GeoPoint {
  if (points.length === 0) return { lat: 0, lng: 0 };
  const sum = points.reduce((s, p) => ({ lat: s.lat + p.lat, lng: s.lng + p.lng }), { lat: 0, lng: 0 });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/** East and north of the centre, in metres. */
function offsetM(p: GeoPoint, c: GeoPoint): { east: number; north: number } {
  const cos = Math.cos((c.lat * Math.PI) / 180);
  return { east: (p.lng - c.lng) * cos * M_PER_DEG_LNG_EQUATOR, north: (p.lat - c.lat) * M_PER_DEG_LAT };
}

/**
 * Fits the points into the box around their centre (the centre stays in the middle), north up, with the same
 * scale on both axes so distances are true.
 */
export function fitProjection(points: readonly GeoPoint[], box: Box, centre = centreOf(points)): Projection {
  const offsets = points.map((p) => offsetM(p, centre));
  const halfEast = Math.max(MIN_SPAN_M / 2, ...offsets.map((o) => Math.abs(o.east)));
  const halfNorth = Math.max(MIN_SPAN_M / 2, ...offsets.map((o) => Math.abs(o.north)));
  const unitsPerM = Math.min(
    (box.width / 2 - box.padding) / halfEast,
    (box.height / 2 - box.padding) / halfNorth,
  );
  return {
    centre,
    metresPerUnit: 1 / unitsPerM,
    project(p) {
      const o = offsetM(p, centre);
      return { x: box.width / 2 + o.east * unitsPerM, y: box.height / 2 - o.north * unitsPerM };
    },
  };
}

/** Great-circle distance in metres. */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `350 m`, `1.2 km`, `12 km`. */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m / 10) * 10} m`;
  if (m < 10_000) return `${(m / 1000).toFixed(1)} km`;
  return `${Math.round(m / 1000)} km`;
}

const NICE_M = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000];

/** The longest round distance whose bar fits in `maxUnits`: its length in drawing units and its label. */
export function scaleBar(metresPerUnit: number, maxUnits: number): { units: number; label: string } {
  const fits = NICE_M.filter((m) => m / metresPerUnit <= maxUnits);
  const m = fits[fits.length - 1] ?? NICE_M[0]!;
  return { units: m / metresPerUnit, label: m >= 1000 ? `${m / 1000} km` : `${m} m` };
}
