import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import { interpretValidationAnswer, type ValidationVerdict } from '@shared/rules/callback-answers';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { sentence } from '@shared/format/sentence';
import type { Clock } from '../clock';
import type { OutboundClient } from '../outbound/callback-client';
import { withShippingFee } from './answer-apply';
import { NO_CALLBACK_FAULTS, sendUnderFaults, withFaults, type FaultsApplied } from './callback-faults';
import { NO_MERCHANT_FAULTS } from '@shared/schemas/merchant-faults.schema';
import { diffOrders, type Session } from './session-state';
import type { StepDraft } from './session-state';

/** Calls validation (when registered) with the whole order and completes or denies the purchase. */
export async function runValidation(
  client: OutboundClient,
  s: Session,
  timeoutMs: number,
  clock: Clock,
  /** The merchant fault `abandon_slow_callback`: a slow validation is abandoned, its request left open. */
  abandon = false,
): Promise<StepDraft> {
  const url = callbackUrl(s.order.merchant_urls, 'validation', s.order.order_id);
  const requireSuccess = s.order.options?.require_validate_callback_success === true;
  let verdict: ValidationVerdict = { outcome: 'completed', note: null };
  const exchangeIds: string[] = [];
  let faults: FaultsApplied | null = null;
  if (url !== undefined) {
    const sent = await sendUnderFaults(
      client,
      {
        kind: 'validation',
        orderId: s.order.order_id,
        method: 'POST',
        url,
        body: JSON.stringify(s.order),
        timeoutMs,
      },
      (answer) => {
        const v = interpretValidationAnswer(answer, requireSuccess, timeoutMs);
        return { outcome: v.outcome, violations: [], value: v };
      },
      {
        ...NO_CALLBACK_FAULTS,
        faults: { ...NO_MERCHANT_FAULTS, abandon_slow_callback: abandon },
        at: new Date(clock.now()).toISOString(),
      },
    );
    verdict = sent.value;
    exchangeIds.push(sent.exchangeId);
    faults = sent.faults;
  }
  const draft = validationDraft(s, verdict, exchangeIds, url, clock);
  return faults ? withFaults(draft, faults) : draft;
}

function validationDraft(
  s: Session,
  verdict: ValidationVerdict,
  exchangeIds: string[],
  url: string | undefined,
  clock: Clock,
): StepDraft {
  const base = {
    redirect_url: null,
    error_type: null,
    error_text: null,
    exchange_ids: exchangeIds,
    notes: [] as string[],
    changes: [],
  };
  if (verdict.outcome === 'denied') {
    return {
      session: s,
      accepted: false,
      result: {
        ...base,
        outcome: 'denied',
        redirect_url: verdict.redirectUrl,
        error_type: verdict.errorType,
        error_text: verdict.errorText,
        message: sentence(`The purchase is denied: validation ${verdict.reason}`),
      },
    };
  }
  const notes = verdict.note ? [sentence(`validation ${verdict.note}`)] : [];
  const hasShippingUpdate = s.order.merchant_urls.shipping_option_update !== undefined;
  let order: CheckoutOrder = s.order;
  if (!hasShippingUpdate) {
    const fee = withShippingFee(order);
    order = fee.order;
    if (fee.note) notes.push(fee.note);
  } else if (order.selected_shipping_option && !order.order_lines.some((l) => l.type === 'shipping_fee')) {
    notes.push(
      'shipping_option_update is registered and the cart has no shipping_fee line: the order completes without one.',
    );
  }
  order = { ...order, status: 'checkout_complete', completed_at: new Date(clock.now()).toISOString() };
  const how =
    url === undefined
      ? 'No validation callback is registered'
      : verdict.note
        ? 'Validation gave no valid answer'
        : 'Your server answered 200 to validation';
  return {
    session: { ...s, order },
    accepted: true,
    result: {
      ...base,
      outcome: 'completed',
      message: `${how}: the purchase completes.`,
      notes,
      changes: diffOrders(s.order, order),
    },
  };
}
