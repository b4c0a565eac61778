import { describe, expect, it } from 'vitest';
import { customerStep, optionConfirmed } from './customer-step';

const h = (step: string, outcome = 'applied') => ({ step, outcome });

describe('optionConfirmed: an applied option since the last accepted address or country', () => {
  it('is true when the option was applied after the address', () => {
    expect(optionConfirmed([h('address'), h('shipping_option')])).toBe(true);
  });

  it('is false when an address or a country was accepted after it (the options may have changed)', () => {
    expect(optionConfirmed([h('shipping_option'), h('address')])).toBe(false);
    expect(optionConfirmed([h('address'), h('shipping_option'), h('country')])).toBe(false);
  });

  it('reads only applied steps: a refused option does not confirm, a refused address does not undo', () => {
    expect(optionConfirmed([h('address'), h('shipping_option', 'rejected')])).toBe(false);
    expect(optionConfirmed([h('shipping_option'), h('address', 'rejected')])).toBe(true);
    expect(optionConfirmed([h('shipping_option'), h('country', 'failed')])).toBe(true);
  });

  it('other steps do not count either way; an empty history confirms nothing', () => {
    expect(optionConfirmed([h('shipping_option'), h('validation')])).toBe(true);
    expect(optionConfirmed([h('address'), h('validation')])).toBe(false);
    expect(optionConfirmed([])).toBe(false);
  });
});

describe('customerStep: where the console stepper and the embedded checkout stand', () => {
  const open = {
    status: 'checkout_incomplete',
    address_entered: true,
    options: 2,
    selected: true,
    history: [h('address'), h('shipping_option')],
  };

  it('complete and closed orders are past the steps', () => {
    expect(customerStep({ ...open, status: 'checkout_complete' })).toBe('complete');
    expect(customerStep({ ...open, status: 'expired' })).toBe('closed');
  });

  it('the address until one is accepted', () => {
    expect(customerStep({ ...open, address_entered: false })).toBe('address');
  });

  it('the shipping option until one is selected and confirmed since the last address', () => {
    expect(customerStep(open)).toBe('pay');
    expect(customerStep({ ...open, selected: false })).toBe('shipping');
    expect(customerStep({ ...open, history: [h('shipping_option'), h('address')] })).toBe('shipping');
  });

  it('no options offered: straight to pay; the integrator answered none: stuck on shipping', () => {
    expect(customerStep({ ...open, options: 0, selected: false, history: [h('address')] })).toBe('pay');
    expect(customerStep({ ...open, options: 0, no_options: true })).toBe('shipping');
    expect(customerStep({ ...open, no_options: false })).toBe('pay');
  });
});
