import type { CheckoutOrder, ShippingOption } from '@shared/schemas/checkout-order.schema';
import type {
  Change,
  SessionState,
  StepInput,
  StepResult,
  StepResultDraft,
} from '@shared/schemas/session.schema';
import { urlWarnings } from '@shared/rules/merchant-urls';

/** A checkout session: the order as the API shows it, and the simulator's own state beside it. */
export interface Session {
  order: CheckoutOrder;
  state: SessionState;
  createdAt: string;
}

/** What a step made of the merchant's answer, before it is saved. */
export interface StepDraft {
  session: Session;
  result: StepResultDraft;
  /** Whether the customer's input was accepted (address stored, option selected, …). */
  accepted: boolean;
}

export function initialState(order: CheckoutOrder, at: string): SessionState {
  return {
    shipping_options: order.shipping_options ?? [],
    address_entered: false,
    last_interaction_at: at,
    history: [],
    warnings: urlWarnings(order.merchant_urls),
    aborted: false,
    home_country: order.purchase_country.toUpperCase(),
  };
}

/** The option a fresh list starts with: the one marked preselected. */
export const preselected = (options: readonly ShippingOption[]): ShippingOption | undefined =>
  options.find((o) => o.preselected === true);

/** Fields whose before/after the console shows when a merchant's answer changes them. */
const DIFFED = [
  'purchase_country',
  'purchase_currency',
  'locale',
  'order_amount',
  'order_tax_amount',
  'order_lines',
  'shipping_options',
  'selected_shipping_option',
  'merchant_data',
  'merchant_reference1',
  'merchant_reference2',
  'tags',
  'billing_address',
  'shipping_address',
  'status',
] as const;

/** The fields that differ between two versions of an order. */
export function diffOrders(before: CheckoutOrder, after: CheckoutOrder): Change[] {
  const changes: Change[] = [];
  for (const field of DIFFED) {
    const a = JSON.stringify(before[field] ?? null);
    const b = JSON.stringify(after[field] ?? null);
    if (a !== b) changes.push({ field, before: before[field] ?? null, after: after[field] ?? null });
  }
  return changes;
}

/** How many steps the session keeps; the exchange log keeps every call in full. */
export const HISTORY_LIMIT = 200;

/** Appends a step to the history with the customer's input (without the order, which the row holds already). */
export function withStep(state: SessionState, result: StepResult, input?: StepInput): SessionState {
  const { order: _order, ...rest } = result;
  const entry = input === undefined ? rest : { ...rest, input };
  return { ...state, history: [...state.history, entry].slice(-HISTORY_LIMIT) };
}
