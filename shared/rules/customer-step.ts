import type { CustomerStep } from '../schemas/customer.schema';

/** The parts of a session's history the step depends on. */
interface HistoryStep {
  step: string;
  outcome: string;
}

/** Whether an applied shipping_option step came after the last accepted address or country. */
export function optionConfirmed(history: readonly HistoryStep[]): boolean {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]!;
    if (h.step === 'shipping_option' && h.outcome === 'applied') return true;
    if ((h.step === 'address' || h.step === 'country') && h.outcome === 'applied') return false;
  }
  return false;
}

/**
 * The step the customer is on: the address until one is accepted, then the shipping option (when options
 * are offered and none is confirmed since the last address), then pay. The console's stepper and the
 * embedded checkout both follow it.
 */
export function customerStep(s: {
  status: string;
  address_entered: boolean;
  options: number;
  selected: boolean;
  history: readonly HistoryStep[];
  /** The integrator answered no options for this address: the customer cannot go on to pay. */
  no_options?: boolean;
}): CustomerStep {
  if (s.status === 'checkout_complete') return 'complete';
  if (s.status !== 'checkout_incomplete') return 'closed';
  if (!s.address_entered) return 'address';
  if (s.no_options === true) return 'shipping';
  if (s.options > 0 && (!s.selected || !optionConfirmed(s.history))) return 'shipping';
  return 'pay';
}
