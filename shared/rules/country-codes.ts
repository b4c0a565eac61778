/**
 * ISO 3166-1 alpha-3 codes, lower case, as the checkout's client-side events carry countries
 * (`"country": "swe"` in the public documentation's examples), for the markets the checkout serves.
 */
const ALPHA3: Record<string, string> = {
  AT: 'aut',
  AU: 'aus',
  BE: 'bel',
  BG: 'bgr',
  CA: 'can',
  CH: 'che',
  CY: 'cyp',
  CZ: 'cze',
  DE: 'deu',
  DK: 'dnk',
  EE: 'est',
  ES: 'esp',
  FI: 'fin',
  FR: 'fra',
  GB: 'gbr',
  GR: 'grc',
  HR: 'hrv',
  HU: 'hun',
  IE: 'irl',
  IS: 'isl',
  IT: 'ita',
  LI: 'lie',
  LT: 'ltu',
  LU: 'lux',
  LV: 'lva',
  MT: 'mlt',
  MX: 'mex',
  NL: 'nld',
  NO: 'nor',
  NZ: 'nzl',
  PL: 'pol',
  PT: 'prt',
  RO: 'rou',
  SE: 'swe',
  SI: 'svn',
  SK: 'svk',
  US: 'usa',
};

/** A country as the client-side events name it: alpha-3 in lower case (the alpha-2 lower-cased when unknown). */
export function eventCountry(alpha2: string | undefined | null): string | undefined {
  if (!alpha2) return undefined;
  return ALPHA3[alpha2.toUpperCase()] ?? alpha2.toLowerCase();
}
