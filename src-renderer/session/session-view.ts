import { z } from 'zod';
import { type SessionView } from '@shared/contract/checkout-ops';
import { ShippingOptionSchema } from '@shared/schemas/checkout-order.schema';
import { type StepResult } from '@shared/schemas/session.schema';
import { customerStep } from '@shared/rules/customer-step';
import { formatMinor } from '../format/money';
import { OrderViewSchema } from '../orders/order-view';

/** The order inside a session view, with the session fields the page reads. */
export const SessionOrderSchema = OrderViewSchema.extend({
  shipping_options: z.array(ShippingOptionSchema).optional(),
  selected_shipping_option: ShippingOptionSchema.optional(),
  shipping_countries: z.array(z.string()).optional(),
  options: z.looseObject({ require_validate_callback_success: z.boolean().optional() }).optional(),
});
export type SessionOrder = z.infer<typeof SessionOrderSchema>;

/** One entry of the session history (a StepResult without the order). */
export type HistoryEntry = Omit<StepResult, 'order'>;

export const STEPS = ['cart', 'country', 'address', 'shipping', 'pay', 'after'] as const;
export type StepKey = (typeof STEPS)[number];

export const STEP_LABELS: Record<StepKey, string> = {
  cart: 'Cart',
  country: 'Country',
  address: 'Address',
  shipping: 'Shipping option',
  pay: 'Pay',
  after: 'After purchase',
};

/** Whether the customer can still act: only an open (checkout_incomplete) session takes steps. */
export type Phase = 'open' | 'completed' | 'expired' | 'aborted';

export function sessionPhase(status: string): Phase {
  if (status === 'checkout_complete') return 'completed';
  if (status === 'expired' || status === 'aborted') return status;
  return 'open';
}

/** The step the customer is at: where the page opens and what the stepper highlights. */
export function currentStep(view: SessionView, order: SessionOrder): StepKey {
  const step = customerStep({
    status: view.status === 'checkout_complete' ? view.status : 'checkout_incomplete',
    address_entered: view.state.address_entered,
    options: view.state.shipping_options.length,
    selected: order.selected_shipping_option !== undefined,
    history: view.state.history,
  });
  return step === 'complete' || step === 'closed' ? 'after' : step;
}

export type StepState = 'done' | 'current' | 'todo' | 'skipped';
export interface StepperItem {
  key: StepKey;
  label: string;
  state: StepState;
  summary: string;
}

/** The stepper's items: each step's state and a short summary of where the session stands. */
export function stepperItems(view: SessionView, order: SessionOrder): StepperItem[] {
  const phase = sessionPhase(view.status);
  const current = phase === 'open' || phase === 'completed' ? currentStep(view, order) : null;
  const at = current ? STEPS.indexOf(current) : STEPS.length;
  const money = (n: number) => formatMinor(n, order.purchase_currency);
  const options = view.state.shipping_options;
  const selected = order.selected_shipping_option;
  const summaries: Record<StepKey, string> = {
    cart: `${order.order_lines.length} line${order.order_lines.length === 1 ? '' : 's'} · ${money(order.order_amount)}`,
    country:
      view.allowed_countries.length > 1
        ? `${order.purchase_country} (of ${view.allowed_countries.join(', ')})`
        : order.purchase_country,
    address: view.state.address_entered ? addressSummary(order) : 'not entered',
    shipping:
      options.length === 0
        ? 'no options offered'
        : selected
          ? `${selected.name} · ${money(selected.price)}`
          : 'none selected',
    pay: phase === 'completed' ? 'paid' : phase === 'open' ? 'not paid' : phase,
    after: phase === 'completed' ? 'completed' : '—',
  };
  return STEPS.map((key, i) => {
    let state: StepState = i < at ? 'done' : i === at ? 'current' : 'todo';
    if (key === 'shipping' && options.length === 0 && state !== 'current') state = 'skipped';
    if (key === 'country' && state !== 'current') state = 'done';
    if (key === 'after' && phase === 'completed') state = 'done';
    return { key, label: STEP_LABELS[key], state, summary: summaries[key] };
  });
}

function addressSummary(order: SessionOrder): string {
  const a = order.shipping_address ?? order.billing_address;
  if (!a) return 'entered';
  return [[a.given_name, a.family_name].filter(Boolean).join(' '), a.city].filter(Boolean).join(', ');
}

/** The newer of the last history entry and a step result just received (the history may lag a moment). */
export function latestResult(
  history: readonly HistoryEntry[],
  justRun: HistoryEntry | undefined,
): HistoryEntry | undefined {
  const last = history[history.length - 1];
  if (!justRun) return last;
  if (!last) return justRun;
  return justRun.at > last.at ? justRun : last;
}
