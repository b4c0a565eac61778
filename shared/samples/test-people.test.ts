import { describe, expect, it } from 'vitest';
import { addressInput, EMPTY_ADDRESS, testPerson } from './test-people';

describe('testPerson', () => {
  it('fills every required field for the country, in its own format', () => {
    const se = testPerson('se');
    expect(se).toMatchObject({ country: 'SE', city: 'Stockholm', postal_code: '111 34' });
    expect(testPerson('DE').city).toBe('Berlin');
    for (const v of Object.values(se)) expect(v).not.toBe('');
  });

  it('gives another person for another n, cycling', () => {
    expect(testPerson('SE', 1).given_name).not.toBe(testPerson('SE', 0).given_name);
    expect(testPerson('SE', 2)).toEqual(testPerson('SE', 0));
  });

  it('has a generic person for other countries', () => {
    expect(testPerson('br')).toMatchObject({ country: 'BR', given_name: 'Alex' });
  });
});

describe('addressInput', () => {
  it('trims, upper-cases the country and leaves out an empty phone but not empty required fields', () => {
    expect(addressInput({ ...EMPTY_ADDRESS, given_name: ' Anna ', country: 'se' })).toEqual({
      given_name: 'Anna',
      family_name: '',
      email: '',
      street_address: '',
      postal_code: '',
      city: '',
      country: 'SE',
    });
  });
});
