import { type Location } from '@shared/schemas/integrator.schema';
import { centreOf, distanceM, type GeoPoint } from './map-projection';

/*
 * A pickup search adds the locations near a new postal code before the ones shown earlier (the integrator
 * returns each set nearest first). The selector shows them by area: one map per area keeps a scale where
 * points a street apart do not collapse into one because another set lies 40 km away.
 */

export interface AreaLocation {
  location: Location;
  /** 1-based position in the whole list, the number on the map and in the list. */
  n: number;
  /** Metres from the middle of its area. */
  distance: number;
}

export interface PickupArea {
  postalCode: string;
  centre: GeoPoint;
  items: AreaLocation[];
}

/** Groups locations by postal code in the order the areas first appear (the newest search first). */
export function pickupAreas(locations: readonly Location[]): PickupArea[] {
  const byPostal = new Map<string, Location[]>();
  for (const l of locations) {
    const key = l.address.postal_code;
    byPostal.set(key, [...(byPostal.get(key) ?? []), l]);
  }
  const numbers = new Map(locations.map((l, i) => [l.id, i + 1]));
  return [...byPostal.entries()].map(([postalCode, ls]) => {
    const centre = centreOf(ls.map((l) => l.coordinates));
    return {
      postalCode,
      centre,
      items: ls.map((l) => ({
        location: l,
        n: numbers.get(l.id)!,
        distance: distanceM(centre, l.coordinates),
      })),
    };
  });
}

/** The area holding the selected location, else the first (the newest search). */
export function areaOf(areas: readonly PickupArea[], locationId: string): PickupArea | undefined {
  return areas.find((a) => a.items.some((i) => i.location.id === locationId)) ?? areas[0];
}
