import type { CheckoutOrder, MerchantRequested } from '../schemas/checkout-order.schema';

/*
 * The merchant's additional checkboxes (options.additional_checkbox and options.additional_checkboxes) and
 * the customer's answer to them, which the order carries as `merchant_requested` (CO-API): a boolean for
 * the single box, [{id, checked}] for the list. The order holds the answer from its creation (each box in
 * its `checked` default), so callbacks and reads see what the customer sees.
 */

/** The key the single box goes by in the checkout and the `checkbox_change` event. */
export const SINGLE_CHECKBOX_KEY = 'merchant_checkbox';

export interface CheckboxState {
  /** `merchant_checkbox` for options.additional_checkbox, else the box's id. */
  key: string;
  text: string;
  required: boolean;
  checked: boolean;
}

/** Every box the order asks, with the customer's answer (or the box's default when none yet). */
export function checkboxesOf(order: Pick<CheckoutOrder, 'options' | 'merchant_requested'>): CheckboxState[] {
  const out: CheckboxState[] = [];
  const asked = order.merchant_requested;
  const single = order.options?.additional_checkbox;
  if (single) {
    out.push({
      key: SINGLE_CHECKBOX_KEY,
      text: single.text,
      required: single.required,
      checked: asked?.additional_checkbox ?? single.checked,
    });
  }
  for (const box of order.options?.additional_checkboxes ?? []) {
    const answered = asked?.additional_checkboxes?.find((a) => a.id === box.id);
    out.push({
      key: box.id,
      text: box.text,
      required: box.required,
      checked: answered?.checked ?? box.checked,
    });
  }
  return out;
}

/** merchant_requested for these states; undefined when the order asks no box (the field is then absent). */
export function merchantRequestedOf(
  order: Pick<CheckoutOrder, 'options'>,
  states: readonly CheckboxState[],
): MerchantRequested | undefined {
  if (states.length === 0) return undefined;
  const out: MerchantRequested = {};
  const single = states.find((s) => s.key === SINGLE_CHECKBOX_KEY);
  if (order.options?.additional_checkbox && single) out.additional_checkbox = single.checked;
  const list = order.options?.additional_checkboxes;
  if (list) {
    out.additional_checkboxes = list.map((b) => ({
      id: b.id,
      checked: states.find((s) => s.key === b.id)?.checked ?? b.checked,
    }));
  }
  return out;
}

/** The order with merchant_requested matching its options now (answers kept for boxes still asked). */
export function withMerchantRequested<T extends CheckoutOrder>(order: T): T {
  const mr = merchantRequestedOf(order, checkboxesOf(order));
  const { merchant_requested: _old, ...rest } = order;
  return (mr ? { ...rest, merchant_requested: mr } : rest) as T;
}

/** The required boxes left unchecked (they block pay). */
export function uncheckedRequired(
  order: Pick<CheckoutOrder, 'options' | 'merchant_requested'>,
): CheckboxState[] {
  return checkboxesOf(order).filter((b) => b.required && !b.checked);
}
