import { describe, expect, it } from 'vitest';
import { eventCountry } from './country-codes';

describe('eventCountry', () => {
  it('gives the lower-case alpha-3 code the client-side events carry', () => {
    expect(eventCountry('SE')).toBe('swe');
    expect(eventCountry('de')).toBe('deu');
    expect(eventCountry('GB')).toBe('gbr');
  });
  // ISO 3166-1 alpha-2 and alpha-3 (lower case) of every country the module knows: none falls back
  // to its alpha-2 code, each has its own alpha-3.
  const ISO_3166 = (
    'AT aut AU aus BE bel BG bgr CA can CH che CY cyp CZ cze DE deu DK dnk EE est ES esp FI fin FR fra ' +
    'GB gbr GR grc HR hrv HU hun IE irl IS isl IT ita LI lie LT ltu LU lux LV lva MT mlt MX mex NL nld ' +
    'NO nor NZ nzl PL pol PT prt RO rou SE swe SI svn SK svk US usa'
  )
    .split(' ')
    .flatMap((code, i, all) => (i % 2 === 0 ? [[code, all[i + 1]!] as const] : []));
  it.each(ISO_3166)('%s is %s', (alpha2, alpha3) => {
    expect(eventCountry(alpha2)).toBe(alpha3);
  });
  it('falls back to the code it was given, lower-cased, and passes nothing through', () => {
    expect(eventCountry('ZZ')).toBe('zz');
    expect(eventCountry(undefined)).toBeUndefined();
    expect(eventCountry('')).toBeUndefined();
  });
});
