import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, testPerson } from '@shared/samples/test-people';
import {
  addressSummary,
  draftFrom,
  firstProblem,
  followServer,
  splitProblems,
  validateDraft,
  type AddressKey,
} from './address-form';
import { ANNA } from '../test-kit/view-fixture';

describe('draftFrom', () => {
  it("takes the order's address (a merchant's prefill) and the checkout's country", () => {
    const d = draftFrom({ given_name: 'Anna', email: 'a@example.se', country: 'DE' }, 'se');
    expect(d).toEqual({ ...EMPTY_ADDRESS, given_name: 'Anna', email: 'a@example.se', country: 'SE' });
  });

  it('is empty without one', () => {
    expect(draftFrom(null, 'SE')).toEqual({ ...EMPTY_ADDRESS, country: 'SE' });
  });
});

describe('validateDraft', () => {
  it('asks for every field but the phone, by name', () => {
    const errors = validateDraft({ ...EMPTY_ADDRESS, country: 'SE' });
    expect(Object.keys(errors).sort()).toEqual(
      ['city', 'email', 'family_name', 'given_name', 'postal_code', 'street_address'].sort(),
    );
    expect(errors.given_name).toBe('Enter your first name');
    expect(errors.postal_code).toBe('Enter your postal code');
  });

  it('does not take blanks for an answer', () => {
    expect(validateDraft({ ...testPerson('SE'), city: '   ' })).toEqual({ city: 'Enter your city' });
  });

  it('wants an e-mail address that looks like one', () => {
    expect(validateDraft({ ...testPerson('SE'), email: 'anna' }).email).toMatch(/email address/);
  });

  it('passes a test person', () => {
    expect(validateDraft(testPerson('DE', 1))).toEqual({});
  });
});

describe('splitProblems', () => {
  it("puts each problem beside its field, in the server's words as a sentence", () => {
    const split = splitProblems([
      { path: 'billing_address.email', message: 'is required (the checkout form asks for it)' },
      { path: 'shipping_address.postal_code', message: 'must not be empty' },
    ]);
    expect(split.billing_address).toEqual({ email: 'Is required (the checkout form asks for it)' });
    expect(split.shipping_address).toEqual({ postal_code: 'Must not be empty' });
    expect(split.other).toEqual([]);
  });

  it('joins two problems of one field', () => {
    const split = splitProblems([
      { path: 'billing_address.email', message: 'is too long' },
      { path: 'billing_address.email', message: 'is not an e-mail address' },
    ]);
    expect(split.billing_address.email).toBe('Is too long; is not an e-mail address');
  });

  it('leaves problems no field claims for the summary', () => {
    const other = [
      { path: 'billing_address.region', message: 'is not known' },
      { path: 'billing_address', message: 'must be an object' },
      { path: '(body)', message: 'is not valid JSON' },
    ];
    expect(splitProblems(other).other).toEqual(other);
  });
});

describe('followServer', () => {
  it('takes the order’s values for the fields the customer has not touched', () => {
    const typed = { ...EMPTY_ADDRESS, given_name: 'Typed', country: 'SE' };
    const server = { ...testPerson('SE'), given_name: 'Lena' };
    const next = followServer(typed, new Set<AddressKey>(['given_name']), server);
    expect(next).toEqual({ ...server, given_name: 'Typed' });
  });
});

describe('firstProblem', () => {
  it('is the first field with a problem in the form’s order, billing before shipping', () => {
    expect(
      firstProblem({
        billing_address: { city: 'x', given_name: 'y' },
        shipping_address: { email: 'z' },
      }),
    ).toEqual({ prefix: 'billing_address', key: 'given_name' });
    expect(firstProblem({ billing_address: {}, shipping_address: { email: 'z' } })).toEqual({
      prefix: 'shipping_address',
      key: 'email',
    });
    expect(firstProblem({ billing_address: {} })).toBeNull();
  });
});

describe('addressSummary', () => {
  it('writes an address as lines, leaving out what it does not have', () => {
    expect(addressSummary({ ...ANNA, phone: '' }, (c) => `[${c}]`)).toEqual([
      'Anna Andersson',
      'Sveavägen 44',
      '111 34 Stockholm',
      '[SE]',
      'anna.andersson@example.se',
    ]);
    expect(addressSummary({ ...ANNA, organization_name: 'Andersson AB' }, (c) => c)[0]).toBe(
      'Andersson AB, Anna Andersson',
    );
  });
});
