import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import { webHref } from '@shared/rules/web-url';
import type { ArrivalApplied } from '@shared/schemas/arrival.schema';
import type {
  CustomerConfirmation,
  CustomerNotice,
  CustomerShipping,
  CustomerView,
} from '@shared/schemas/customer.schema';
import type { StepResult } from '@shared/schemas/session.schema';
import { customerStep, optionConfirmed } from '@shared/rules/customer-step';
import { expandUrl } from '@shared/rules/merchant-urls';
import { GENERIC_ERROR } from '@shared/rules/generic-error';
import { checkboxesOf } from '@shared/rules/merchant-checkboxes';
import { displayStatus } from './checkout-orders';
import { allowedCountries } from './customer-steps';
import type { Session } from './session-state';

/** The words the checkout shows when a callback fails (spec: "a generic error"). */
export { GENERIC_ERROR };

const CUSTOMER_STEPS = new Set(['country', 'address', 'shipping_option', 'complete']);

/** What the last customer step leaves on screen: a refusal, an error or a redirect; null when it went through. */
function noticeOf(history: readonly Omit<StepResult, 'order'>[]): CustomerNotice | null {
  const last = history[history.length - 1];
  if (!last || !CUSTOMER_STEPS.has(last.step)) return null;
  if (last.outcome === 'applied' || last.outcome === 'completed') return null;
  const text =
    last.outcome === 'failed'
      ? GENERIC_ERROR
      : (last.error_text ??
        (last.redirect_url
          ? `You are being sent to ${last.redirect_url}.`
          : 'The purchase could not be completed.'));
  return {
    step: last.step,
    outcome: last.outcome,
    text,
    error_type: last.error_type,
    redirect_url: last.redirect_url,
    at: last.at,
  };
}

function shippingOf(s: Session): CustomerShipping {
  const { state } = s;
  const a = state.shipping;
  const options = state.shipping_options;
  return {
    source: a?.source ?? (options.length > 0 ? 'merchant' : 'none'),
    reason: a?.reason ?? null,
    fallback_cause: a?.fallback_cause ?? null,
    preview: options.some((o) => (o as { preview?: unknown }).preview === true),
    no_options: a?.no_options ?? false,
    digital_banner: a?.digital_banner ?? false,
    options,
    selection: a?.selection ?? null,
    failure_reason: a?.failure_reason ?? null,
  };
}

/** Line totals by kind, and what the customer pays (the fee the simulator adds at completion included). */
function totalsOf(order: CheckoutOrder, feeAddedLater: boolean) {
  let shipping = 0;
  for (const l of order.order_lines) if (l.type === 'shipping_fee') shipping += l.total_amount;
  const items = order.order_amount - shipping;
  const selected = order.selected_shipping_option;
  if (feeAddedLater && selected && shipping === 0) {
    return {
      items,
      shipping: selected.price,
      shipping_added_at_completion: true,
      total: order.order_amount + selected.price,
      tax: order.order_tax_amount + selected.tax_amount,
    };
  }
  return {
    items,
    shipping,
    shipping_added_at_completion: false,
    total: order.order_amount,
    tax: order.order_tax_amount,
  };
}

export interface CustomerViewDeps {
  now: number;
  /** Whether the first push of a completed order has been answered (or has failed): push_first waits for it. */
  firstPushSettled: (orderId: string) => boolean;
}

function confirmationOf(s: Session, deps: CustomerViewDeps): CustomerConfirmation | null {
  const { order } = s;
  if (order.status !== 'checkout_complete') return null;
  const arrival: ArrivalApplied = s.state.arrival ?? { mode: 'redirect_first', from: 'setting' };
  const redirect =
    arrival.mode === 'push_only'
      ? 'never'
      : arrival.mode === 'push_first' && !deps.firstPushSettled(order.order_id)
        ? 'after_push'
        : 'now';
  return {
    url: webHref(expandUrl(order.merchant_urls.confirmation, order.order_id)) ?? '',
    arrival,
    redirect,
    completed_at: order.completed_at ?? order.last_modified_at,
  };
}

/**
 * What the customer sees now: the step, the cart and totals, the addresses, the shipping options as shown
 * (the merchant's, or the shipping assistant's with locations, timeslots and add-ons), the last refusal or
 * error, and after the purchase where the browser goes. One builder for the embedded checkout, the
 * automation API and the console.
 */
export function customerView(s: Session, deps: CustomerViewDeps): CustomerView {
  const { order, state } = s;
  const status = displayStatus(s, deps.now);
  const hasOptionUpdate = order.merchant_urls.shipping_option_update !== undefined;
  const selected = order.selected_shipping_option ?? null;
  const totals = totalsOf(order, !hasOptionUpdate && order.status === 'checkout_incomplete');
  const warnings: string[] = [];
  // Said at the option step the merchant answered, not before: a preselected option has had no answer yet.
  if (
    hasOptionUpdate &&
    selected &&
    order.status === 'checkout_incomplete' &&
    optionConfirmed(state.history) &&
    !order.order_lines.some((l) => l.type === 'shipping_fee')
  ) {
    warnings.push(
      `shipping_option_update is registered and the cart has no shipping_fee line for '${selected.name}': the order will complete without shipping (the customer pays no fee).`,
    );
  }
  return {
    order_id: order.order_id,
    status,
    step: customerStep({
      status,
      address_entered: state.address_entered,
      options: state.shipping_options.length,
      selected: selected !== null,
      history: state.history,
      no_options: state.shipping?.no_options === true,
    }),
    purchase_country: order.purchase_country,
    purchase_currency: order.purchase_currency,
    locale: order.locale,
    countries: allowedCountries(s),
    order_lines: order.order_lines,
    order_amount: order.order_amount,
    order_tax_amount: order.order_tax_amount,
    totals,
    billing_address: order.billing_address ?? null,
    shipping_address: order.shipping_address ?? null,
    address_entered: state.address_entered,
    allow_separate_shipping_address:
      order.options?.allow_separate_shipping_address === true &&
      (state.shipping?.allow_separate_shipping_address ?? true),
    require_client_validation: order.options?.require_client_validation === true,
    checkboxes: checkboxesOf(order),
    shipping: shippingOf(s),
    selected_shipping_option: selected,
    notice: noticeOf(state.history),
    warnings,
    // Only web addresses become links (web-url.ts): an order stored before URLs were checked may hold others.
    terms_url: webHref(expandUrl(order.merchant_urls.terms, order.order_id)) ?? '',
    cancellation_terms_url: order.merchant_urls.cancellation_terms
      ? webHref(expandUrl(order.merchant_urls.cancellation_terms, order.order_id))
      : null,
    arrival_choice: state.arrival_mode ?? null,
    confirmation: confirmationOf(s, deps),
    expires_at: order.expires_at,
    updated_at: order.last_modified_at,
  };
}
