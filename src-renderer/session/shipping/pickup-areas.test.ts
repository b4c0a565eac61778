import { describe, expect, it } from 'vitest';
import { type Location } from '@shared/schemas/integrator.schema';
import { areaOf, pickupAreas } from './pickup-areas';

const loc = (id: string, postal: string, lat: number, lng: number): Location => ({
  id,
  name: id,
  price: 0,
  address: { street_address: 'Street 1', postal_code: postal, city: 'Stockholm', country: 'SE' },
  coordinates: { lat, lng },
});

describe('pickupAreas', () => {
  // A search near 113 50 put its two locations before the two shown for 111 34, some 40 km away.
  const locations = [
    loc('a', '113 50', 59.5, 18.3),
    loc('b', '113 50', 59.51, 18.31),
    loc('c', '111 34', 59.15, 17.9),
    loc('d', '111 34', 59.16, 17.91),
  ];

  it('groups by postal code, newest area first, numbering as in the whole list', () => {
    const areas = pickupAreas(locations);
    expect(areas.map((a) => a.postalCode)).toEqual(['113 50', '111 34']);
    expect(areas[1]!.items.map((i) => [i.location.id, i.n])).toEqual([
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('measures each location from the middle of its own area', () => {
    const [near] = pickupAreas(locations);
    expect(near!.centre.lat).toBeCloseTo(59.505);
    for (const i of near!.items) expect(i.distance).toBeLessThan(1000);
  });

  it('finds the area of the selected location, else the newest', () => {
    const areas = pickupAreas(locations);
    expect(areaOf(areas, 'd')?.postalCode).toBe('111 34');
    expect(areaOf(areas, 'gone')?.postalCode).toBe('113 50');
    expect(areaOf([], 'x')).toBeUndefined();
  });
});
