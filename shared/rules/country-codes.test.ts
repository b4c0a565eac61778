import { describe, expect, it } from 'vitest';
import { eventCountry } from './country-codes';

describe('eventCountry', () => {
  it('gives the lower-case alpha-3 code the client-side events carry', () => {
    expect(eventCountry('SE')).toBe('swe');
    expect(eventCountry('de')).toBe('deu');
    expect(eventCountry('GB')).toBe('gbr');
  });
  it('falls back to the code it was given, lower-cased, and passes nothing through', () => {
    expect(eventCountry('ZZ')).toBe('zz');
    expect(eventCountry(undefined)).toBeUndefined();
    expect(eventCountry('')).toBeUndefined();
  });
});
