import type { Location, OperationalHours, Period } from '@shared/schemas/integrator.schema';
import { localDay, upcomingSpecialDays } from './calendar';
import type { Carrier } from './carriers';
import type { CountryInfo } from './countries';
import { hash32, seeded } from './hash';
import type { Product } from './products';

/** Where the recipient is: a postal code and city when known (location search, full address). */
export interface Area {
  countryCode: string;
  postalCode?: string;
  city?: string;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
const normalPostal = (p: string) => p.replace(/\s+/g, '').toUpperCase();

/**
 * The centre of a postal-code area: the country's reference city moved by up to ~30 km in a direction
 * derived from the code, so the same code always lands in the same place and different codes spread out.
 */
export function areaCentre(area: Area, country: CountryInfo): { lat: number; lng: number } {
  if (!area.postalCode) return country.centre;
  const next = seeded(`${area.countryCode}|${normalPostal(area.postalCode)}`);
  return {
    lat: round5(country.centre.lat + (next() - 0.5) * 0.5),
    lng: round5(country.centre.lng + (next() - 0.5) * 0.8),
  };
}

const WEEKDAY = (open: string, close: string): Period[] => [{ open, close }];

/** Shop hours with weekend and late-Thursday overrides, and the holidays of the coming two weeks. */
function shopHours(next: () => number, country: CountryInfo, nowMs: number): OperationalHours {
  const weekday: NonNullable<NonNullable<OperationalHours['overrides']>['weekday']> = {
    sat: WEEKDAY('10:00', '16:00'),
    sun: next() < 0.5 ? [] : WEEKDAY('11:00', '15:00'),
  };
  if (next() < 0.4) weekday.thu = WEEKDAY('09:00', '21:00');
  const date: Record<string, Period[]> = {};
  for (const s of upcomingSpecialDays(localDay(nowMs, country), country, 14))
    date[s.date] = s.kind === 'closed' ? [] : WEEKDAY('10:00', '13:00');
  return {
    default: WEEKDAY('09:00', next() < 0.5 ? '20:00' : '18:00'),
    overrides: Object.keys(date).length > 0 ? { weekday, date } : { weekday },
  };
}

const LOCKER_HOURS: OperationalHours = { default: [{ always_open: true }] };

interface Placing {
  product: Product;
  carrier: Carrier;
  area: Area;
  country: CountryInfo;
  centre: { lat: number; lng: number };
  price: number;
  nowMs: number;
}

/**
 * A location id carries the postal area it was found for (base64url), so a shipment can be checked
 * against a location the customer found with a pickup search at another postal code.
 */
function locationId(carrier: Carrier, area: Area, seed: string): string {
  const postal = Buffer.from(normalPostal(area.postalCode ?? '')).toString('base64url') || '_';
  return `${carrier.code.toLowerCase()}-${area.countryCode.toLowerCase()}-${postal}-${String(hash32(seed) % 1_000_000).padStart(6, '0')}`;
}

/** The postal code a location id was found for, or undefined for an id not of this form. */
export function postalOfLocationId(id: string): string | undefined {
  const part = id.split('-')[2];
  if (part === undefined || part === '_') return undefined;
  const postal = Buffer.from(part, 'base64url').toString('utf8');
  return /^[A-Z0-9]+$/.test(postal) ? postal : undefined;
}

/** One pickup place, placed within ~1.5 km of the area centre. */
function location(seed: string, p: Placing): Location {
  const { product, carrier, area, country, centre } = p;
  const next = seeded(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const street = `${pick(country.streets)} ${1 + Math.floor(next() * 60)}`;
  const locker = product.locations?.kind === 'locker';
  return {
    id: locationId(carrier, area, seed),
    name: locker ? `${carrier.name} ${street}` : `${pick(country.shops)} (${carrier.name})`,
    price: p.price,
    address: {
      street_address: street,
      postal_code: area.postalCode ?? country.postalCode,
      city: area.city ?? country.city,
      country: area.countryCode,
    },
    coordinates: {
      lat: round5(centre.lat + (next() - 0.5) * 0.025),
      lng: round5(centre.lng + (next() - 0.5) * 0.04),
    },
    operational_hours: locker ? LOCKER_HOURS : shopHours(next, country, p.nowMs),
  };
}

/** The product's pickup places near the area, nearest first. */
export function locationsFor(
  product: Product,
  carrier: Carrier,
  area: Area,
  country: CountryInfo,
  price: number,
  nowMs: number,
): Location[] {
  const spec = product.locations;
  if (!spec) return [];
  const centre = areaCentre(area, country);
  const base = `${product.id}|${area.countryCode}|${normalPostal(area.postalCode ?? '')}`;
  const placing: Placing = { product, carrier, area, country, centre, price, nowMs };
  const all = Array.from({ length: spec.count }, (_, i) => location(`${base}|${i}`, placing));
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dist = (l: Location) =>
    (l.coordinates.lat - centre.lat) ** 2 + ((l.coordinates.lng - centre.lng) * cos) ** 2;
  return all.sort((a, b) => dist(a) - dist(b));
}
