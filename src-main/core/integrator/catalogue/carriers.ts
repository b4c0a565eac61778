import { digits, seeded } from './hash';

/*
 * Invented carriers (no real brands). Each has its own tracking-number format so the console and
 * merchant code see realistic variety: UPU S10 numbers for the postal operators, digit runs for parcel
 * companies, prefixed codes for the others.
 */

export interface Carrier {
  id: string;
  name: string;
  /** Prefix of its product and add-on identifiers (carrier_product.identifier, addon_identifiers). */
  code: string;
  tracking(seed: string): string;
}

/** The UPU S10 check digit over eight serial digits. */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

const s10 = (service: string, country: string) => (seed: string) => {
  const serial = digits(seeded(seed), 8);
  return `${service}${serial}${s10CheckDigit(serial)}${country}`;
};
const prefixed = (prefix: string, n: number) => (seed: string) => `${prefix}${digits(seeded(seed), n)}`;
const alnum = (seed: string, n: number) => {
  const next = seeded(seed);
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < n; i++) out += chars[Math.floor(next() * chars.length)];
  return out;
};

const list: Carrier[] = [
  { id: 'nordpost', name: 'Nordpost', code: 'NP', tracking: s10('NP', 'SE') },
  { id: 'baltic-express', name: 'Baltic Express', code: 'BX', tracking: prefixed('BX', 10) },
  { id: 'boxly', name: 'Boxly', code: 'BOX', tracking: (s) => `BOX-${alnum(s, 4)}-${alnum(`${s}/2`, 4)}` },
  { id: 'greenmile', name: 'Greenmile', code: 'GM', tracking: prefixed('GM', 12) },
  { id: 'atlas-freight', name: 'Atlas Freight', code: 'ATL', tracking: prefixed('ATL', 9) },
  { id: 'rheinpaket', name: 'Rheinpaket', code: 'RP', tracking: prefixed('', 14) },
  { id: 'albion-parcel', name: 'Albion Parcel', code: 'AP', tracking: s10('AP', 'GB') },
  { id: 'liberty-parcel', name: 'Liberty Parcel', code: 'LP', tracking: (s) => `1LP${alnum(s, 16)}` },
];

export const CARRIERS: ReadonlyMap<string, Carrier> = new Map(list.map((c) => [c.id, c]));

export function carrierOf(id: string): Carrier {
  const c = CARRIERS.get(id);
  if (!c) throw new Error(`unknown carrier ${id}`);
  return c;
}
