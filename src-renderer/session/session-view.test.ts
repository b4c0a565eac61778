import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionView } from '@shared/contract/checkout-ops';
import {
  currentStep,
  latestResult,
  sessionPhase,
  stepperItems,
  type HistoryEntry,
  type SessionOrder,
} from './session-view';
import { sampleStep } from '@shared/test-kit/records';

// Amounts are shown in the browser's locale; the tests pin one so their text does not depend on the machine.
beforeEach(() => {
  vi.stubGlobal('navigator', { language: 'en-GB' });
  return () => vi.unstubAllGlobals();
});

const option = { id: 'std', name: 'Post', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true };
const order = (over: Partial<SessionOrder> = {}): SessionOrder => ({
  order_id: 'o1',
  status: 'checkout_incomplete',
  purchase_country: 'SE',
  purchase_currency: 'SEK',
  order_amount: 50000,
  order_tax_amount: 10000,
  order_lines: [
    {
      name: 'Battery',
      quantity: 2,
      unit_price: 25000,
      tax_rate: 2500,
      total_amount: 50000,
      total_tax_amount: 10000,
    },
  ],
  ...over,
});
const entry = (
  step: HistoryEntry['step'],
  outcome: HistoryEntry['outcome'],
  at = '2025-01-01T00:00:00.000Z',
): HistoryEntry => sampleStep({ step, outcome, message: `${step} ${outcome}`, at });
const view = (
  over: Partial<SessionView['state']> = {},
  status = 'checkout_incomplete',
  allowed = ['SE'],
): SessionView => ({
  order: {},
  status,
  allowed_countries: allowed,
  callbacks: {},
  customer_url: 'http://127.0.0.1:4703/kco/frame/x?token=t',
  state: {
    shipping_options: [],
    address_entered: false,
    last_interaction_at: '2025-01-01T00:00:00Z',
    history: [],
    warnings: [],
    aborted: false,
    ...over,
  },
});

describe('currentStep', () => {
  it('starts at the address, and goes to pay when there are no options', () => {
    expect(currentStep(view(), order())).toBe('address');
    expect(currentStep(view({ address_entered: true }), order())).toBe('pay');
  });

  it('asks for a shipping option after each accepted address, even with one preselected', () => {
    const o = order({ selected_shipping_option: option });
    const v = (history: HistoryEntry[]) =>
      view({ address_entered: true, shipping_options: [option], history });
    expect(currentStep(v([entry('address', 'applied')]), o)).toBe('shipping');
    expect(currentStep(v([entry('address', 'applied'), entry('shipping_option', 'applied')]), o)).toBe('pay');
    const again = [
      entry('address', 'applied'),
      entry('shipping_option', 'applied'),
      entry('address', 'applied'),
    ];
    expect(currentStep(v(again), o)).toBe('shipping');
  });

  it('is after the purchase once completed', () => {
    expect(currentStep(view({}, 'checkout_complete'), order())).toBe('after');
  });
});

describe('stepperItems', () => {
  it('marks steps done, current and to do, and summarises each', () => {
    const items = stepperItems(view({}, 'checkout_incomplete', ['SE', 'DE']), order());
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ['cart', 'done'],
      ['country', 'done'],
      ['address', 'current'],
      ['shipping', 'skipped'],
      ['pay', 'todo'],
      ['after', 'todo'],
    ]);
    expect(items[0]!.summary).toBe('1 line · SEK\u00a0500.00');
    expect(items[1]!.summary).toBe('SE (of SE, DE)');
    expect(items[2]!.summary).toBe('not entered');
  });

  it('tells the truth on an expired order: nothing past where it stopped is done', () => {
    const items = stepperItems(view({}, 'expired'), order());
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ['cart', 'done'],
      ['country', 'done'],
      ['address', 'unreached'],
      ['shipping', 'skipped'],
      ['pay', 'unreached'],
      ['after', 'unreached'],
    ]);
    expect(items.some((i) => i.current)).toBe(false);
    expect(items.find((i) => i.key === 'address')!.summary).toBe('not entered');
    expect(items.find((i) => i.key === 'pay')!.summary).toBe('not paid: expired');
  });

  it('marks a step whose last try failed, with why, until a later try of it succeeds', () => {
    const failed = { ...entry('address', 'failed'), message: 'address_update answered 500.' };
    const items = stepperItems(view({ history: [failed] }), order());
    const address = items.find((i) => i.key === 'address')!;
    expect([address.state, address.current, address.why]).toEqual([
      'failed',
      true,
      'address_update answered 500.',
    ]);
    expect(address.summary).toBe('failed: not entered');
    const fixed = stepperItems(
      view({ history: [failed, entry('address', 'applied')], address_entered: true }),
      order(),
    );
    expect(fixed.find((i) => i.key === 'address')!.state).toBe('done');
  });

  it('shows everything done after the purchase', () => {
    const o = order({ billing_address: { given_name: 'Anna', family_name: 'A', city: 'Lund' } });
    const items = stepperItems(view({ address_entered: true }, 'checkout_complete'), o);
    expect(items.filter((i) => i.state !== 'done' && i.state !== 'skipped')).toEqual([]);
    expect(items[2]!.summary).toBe('Anna A, Lund');
  });
});

describe('sessionPhase and latestResult', () => {
  it('reads the status', () => {
    expect(['checkout_incomplete', 'checkout_complete', 'expired', 'aborted'].map(sessionPhase)).toEqual([
      'open',
      'completed',
      'expired',
      'aborted',
    ]);
  });

  it('prefers the step just run until the history has caught up', () => {
    const old = entry('country', 'applied', '2025-01-01T00:00:00.000Z');
    const fresh = entry('address', 'rejected', '2025-01-01T00:00:01.000Z');
    expect(latestResult([old], fresh)).toBe(fresh);
    expect(latestResult([old, fresh], old)).toBe(fresh);
    expect(latestResult([], undefined)).toBeUndefined();
  });
});
