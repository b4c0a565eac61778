import { z } from 'zod';
import { type SessionView } from '@shared/contract/checkout-ops';
import { ShippingOptionSchema } from '@shared/schemas/checkout-order.schema';
import { type StepResult } from '@shared/schemas/session.schema';
import { customerStep } from '@shared/rules/customer-step';
import { formatMoney } from '../format/money';
import { OrderViewSchema } from '../parts/order-view';

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

/**
 * What a step tile claims: `done` (✓), `current` (where the customer is), `failed` (✗, its last try went
 * wrong), `todo` (ahead), `skipped` (nothing to do there), `unreached` (— the order closed before it).
 */
export type StepState = 'done' | 'current' | 'todo' | 'skipped' | 'failed' | 'unreached';
export interface StepperItem {
  key: StepKey;
  label: string;
  state: StepState;
  summary: string;
  /** The customer is at this step now (a failed step can be the current one). */
  current: boolean;
  /** Why a failed step failed: the step's sentence, in full. */
  why?: string;
}

/** The history's step names by tile. */
const TILE_OF: Partial<Record<HistoryEntry['step'], StepKey>> = {
  country: 'country',
  address: 'address',
  shipping_option: 'shipping',
  complete: 'pay',
};
const WENT_WRONG = new Set<HistoryEntry['outcome']>(['rejected', 'failed', 'denied']);

/** The last try of each tile's step, when it went wrong and nothing of that step succeeded after it. */
function failedTries(history: readonly HistoryEntry[]): Map<StepKey, HistoryEntry> {
  const out = new Map<StepKey, HistoryEntry>();
  for (const h of history) {
    const tile = TILE_OF[h.step];
    if (!tile) continue;
    if (WENT_WRONG.has(h.outcome)) out.set(tile, h);
    else out.delete(tile);
  }
  return out;
}

/** The stepper's items: each step's state and a short summary of where the session stands. */
export function stepperItems(view: SessionView, order: SessionOrder): StepperItem[] {
  const phase = sessionPhase(view.status);
  const closed = phase === 'expired' || phase === 'aborted';
  // Where the customer got to: for a closed order, the step it stood at when it closed.
  const current = currentStep(view, order);
  const at = STEPS.indexOf(current);
  const money = (n: number) => formatMoney(n, order.purchase_currency, order.locale);
  const options = view.state.shipping_options;
  const selected = order.selected_shipping_option;
  const failed = failedTries(view.state.history);
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
    pay: phase === 'completed' ? 'paid' : phase === 'open' ? 'not paid' : `not paid: ${phase}`,
    after: phase === 'completed' ? 'completed' : closed ? `order ${phase}` : '—',
  };
  return STEPS.map((key, i) => {
    let state: StepState = i < at ? 'done' : i === at ? 'current' : 'todo';
    if (key === 'shipping' && options.length === 0 && state !== 'current') state = 'skipped';
    if (key === 'country' && state !== 'current') state = 'done';
    if (key === 'after' && phase === 'completed') state = 'done';
    if (closed && (state === 'current' || state === 'todo')) state = 'unreached';
    if (key === 'shipping' && state === 'unreached' && options.length === 0) state = 'skipped';
    const why = state === 'done' ? undefined : failed.get(key);
    const item: StepperItem = {
      key,
      label: STEP_LABELS[key],
      state: why ? 'failed' : state,
      summary: why ? `${why.outcome}: ${summaries[key]}` : summaries[key],
      current: !closed && phase !== 'completed' && i === at,
    };
    return why ? { ...item, why: why.message } : item;
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
