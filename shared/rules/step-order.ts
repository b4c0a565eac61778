/**
 * Which customer step may follow which: the order the real checkout offers them in. The checkout shows
 * the shipping options only once an address is accepted, and the pay button only while nothing stands in
 * the way: a step that went wrong (the merchant rejected the address, its callback failed and "the
 * purchase stops", it redirected the customer away) has to be taken again, and successfully, first.
 */

/** A step of the history, as this rule reads it. */
export interface PastStep {
  step: string;
  outcome: string;
  message?: string;
}

/** Where an open checkout stands. */
export interface StepPosition {
  address_entered: boolean;
  /** How many shipping options are offered, and whether the order has one selected. */
  options: number;
  selected: boolean;
  history: readonly PastStep[];
}

/** The steps this rule orders (the checkbox step and the country selector are open at any point). */
export type OrderedStep = 'address' | 'shipping_option' | 'complete';

/** The step names as the checkout's customer sees them. */
const SHOWN: Record<string, string> = {
  country: 'country',
  address: 'address',
  shipping_option: 'shipping option',
  complete: 'pay',
};
const CUSTOMER_STEPS = new Set(Object.keys(SHOWN));
/** Outcomes after which the customer cannot go on until the step is taken again. */
const BLOCKING = new Set(['rejected', 'failed', 'redirected']);
/**
 * The steps whose going wrong holds the customer there. A country change that goes wrong leaves the
 * customer in the old country with the address they had (customer-steps.ts), so nothing is left to redo.
 */
const HOLDING = new Set(['address', 'shipping_option']);
const holds = (s: PastStep) => HOLDING.has(s.step) && BLOCKING.has(s.outcome);

/** The customer's last step of the checkout (country, address, shipping option, pay), or null. */
export function lastCustomerStep(history: readonly PastStep[]): PastStep | null {
  for (let i = history.length - 1; i >= 0; i--) if (CUSTOMER_STEPS.has(history[i]!.step)) return history[i]!;
  return null;
}

/**
 * The step the customer is on: a step that went wrong and was not taken again since, else the address
 * until one is accepted, then the shipping option while none is selected, then pay.
 * @example stepOn({ address_entered: false, options: 2, selected: false, history: [] }) // 'address'
 */
export function stepOn(p: StepPosition): string {
  const last = lastCustomerStep(p.history);
  if (last && holds(last)) return last.step;
  if (!p.address_entered) return 'address';
  if (p.options > 0 && !p.selected) return 'shipping_option';
  return 'complete';
}

/**
 * Null when the customer may take `step` now; otherwise why not, naming the step they are on and the step
 * before it (their last one, and how it went).
 * @example refusedStep('shipping_option', { address_entered: false, options: 2, selected: false, history: [] })
 * // 'the customer cannot choose a shipping option now: they are on the address step (no step before it yet) …'
 */
export function refusedStep(step: OrderedStep, p: StepPosition): string | null {
  const on = stepOn(p);
  if (step === 'address') return null;
  if (step === 'shipping_option' && on !== 'address') return null;
  if (step === 'complete' && on === 'complete') return null;
  const want = step === 'complete' ? 'pay' : 'choose a shipping option';
  return `the customer cannot ${want} now: they are on the ${SHOWN[on]} step (${before(p.history)}); take the ${SHOWN[on]} step${redo(on, p) ? ' again' : ''} first`;
}

function before(history: readonly PastStep[]): string {
  const last = lastCustomerStep(history);
  if (!last) return 'no step before it yet';
  const how = BLOCKING.has(last.outcome)
    ? `${last.outcome}${last.message ? `: ${last.message}` : ''}`
    : last.outcome;
  return `the step before it: ${SHOWN[last.step]}, ${how}`;
}

function redo(on: string, p: StepPosition): boolean {
  const last = lastCustomerStep(p.history);
  return last !== null && last.step === on && holds(last);
}
