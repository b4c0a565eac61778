import { describe, expect, it } from 'vitest';
import { refusedStep, stepOn, type PastStep, type StepPosition } from './step-order';

const at = (over: Partial<StepPosition> = {}, history: PastStep[] = []): StepPosition => ({
  address_entered: false,
  options: 2,
  selected: true,
  history,
  ...over,
});
const step = (s: string, outcome: string, message?: string): PastStep => ({ step: s, outcome, message });

describe('stepOn: the step the customer is on', () => {
  it('is the address until one is accepted, then a shipping option while none is selected, then pay', () => {
    expect(stepOn(at())).toBe('address');
    expect(stepOn(at({ address_entered: true, selected: false }))).toBe('shipping_option');
    expect(stepOn(at({ address_entered: true }))).toBe('complete');
    expect(stepOn(at({ address_entered: true, options: 0, selected: false }))).toBe('complete');
  });

  it('is a step that went wrong and was not taken again since, whatever was accepted before it', () => {
    const accepted = { address_entered: true };
    for (const outcome of ['rejected', 'failed', 'redirected'])
      expect(stepOn(at(accepted, [step('address', 'applied'), step('address', outcome)]))).toBe('address');
    expect(stepOn(at(accepted, [step('shipping_option', 'failed')]))).toBe('shipping_option');
    // A country change gone wrong leaves the customer where they were (the old country, their address).
    expect(stepOn(at(accepted, [step('country', 'failed')]))).toBe('complete');
    // Taken again and accepted: on to the next.
    expect(
      stepOn(at(accepted, [step('shipping_option', 'failed'), step('shipping_option', 'applied')])),
    ).toBe('complete');
    // A refused pay (validation) leaves the customer at pay, free to press it again.
    expect(stepOn(at(accepted, [step('complete', 'failed')]))).toBe('complete');
    // Steps that are not the customer's (a merchant update) are not "the step before".
    expect(stepOn(at(accepted, [step('shipping_option', 'failed'), step('update', 'applied')]))).toBe(
      'shipping_option',
    );
  });
});

describe('refusedStep', () => {
  it('offers the address at any point', () => {
    expect(refusedStep('address', at({}, [step('address', 'failed')]))).toBeNull();
  });

  it('refuses a shipping option before an address is accepted, naming both steps', () => {
    expect(refusedStep('shipping_option', at())).toBe(
      'the customer cannot choose a shipping option now: they are on the address step (no step before it yet); take the address step first',
    );
    expect(
      refusedStep('shipping_option', at({}, [step('address', 'rejected', 'We do not ship there.')])),
    ).toBe(
      'the customer cannot choose a shipping option now: they are on the address step (the step before it: address, rejected: We do not ship there.); take the address step again first',
    );
    expect(refusedStep('shipping_option', at({ address_entered: true }))).toBeNull();
    // A failed option step is taken again.
    expect(
      refusedStep('shipping_option', at({ address_entered: true }, [step('shipping_option', 'failed')])),
    ).toBeNull();
  });

  it('refuses pay while a step failed or the purchase stopped, and not otherwise', () => {
    const stopped = at({ address_entered: true }, [
      step('address', 'applied'),
      step('shipping_option', 'failed', 'The purchase stops.'),
    ]);
    expect(refusedStep('complete', stopped)).toBe(
      'the customer cannot pay now: they are on the shipping option step (the step before it: shipping option, failed: The purchase stops.); take the shipping option step again first',
    );
    expect(refusedStep('complete', at({ address_entered: true }, [step('address', 'applied')]))).toBeNull();
    expect(
      refusedStep('complete', at({ address_entered: true, selected: false }, [step('address', 'applied')])),
    ).toBe(
      'the customer cannot pay now: they are on the shipping option step (the step before it: address, applied); take the shipping option step first',
    );
    expect(refusedStep('complete', at({ address_entered: true }, [step('complete', 'failed')]))).toBeNull();
  });

  it('names a country change or a denied pay as the step before, and a failed step without a message alone', () => {
    expect(refusedStep('shipping_option', at({}, [step('country', 'applied')]))).toBe(
      'the customer cannot choose a shipping option now: they are on the address step (the step before it: country, applied); take the address step first',
    );
    // Pay denied by the merchant's validation, then the merchant cleared the selected option.
    const cleared = at({ address_entered: true, selected: false }, [step('complete', 'denied')]);
    expect(refusedStep('complete', cleared)).toBe(
      'the customer cannot pay now: they are on the shipping option step (the step before it: pay, denied); take the shipping option step first',
    );
    expect(refusedStep('shipping_option', at({}, [step('address', 'failed')]))).toBe(
      'the customer cannot choose a shipping option now: they are on the address step (the step before it: address, failed); take the address step again first',
    );
  });
});
