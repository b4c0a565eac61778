import type { CallbackKey, CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { StepName } from '@shared/schemas/session.schema';
import { interpretUpdateAnswer, type UpdateVerdict } from '@shared/rules/callback-answers';
import { sentence } from '@shared/format/sentence';
import { callbackUrl } from '@shared/rules/merchant-urls';
import type { OutboundClient } from '../outbound/callback-client';
import { applyPatch, updateCallbackBody } from './answer-apply';
import { NO_CALLBACK_FAULTS, sendUnderFaults, withFaults, type CallbackFaults } from './callback-faults';
import { diffOrders, type Session, type StepDraft } from './session-state';

/** Calls an in-session update callback and turns its answer into a draft by the spec's rules. */
export async function runUpdateCallback(
  client: OutboundClient,
  args: {
    key: CallbackKey;
    urlKey?: CallbackKey;
    step: StepName;
    session: Session;
    candidate: CheckoutOrder;
    timeoutMs: number;
    /** The merchant faults that apply to the order (concurrent, late and abandoned callbacks). */
    faults?: CallbackFaults;
  },
): Promise<StepDraft | null> {
  const { session, candidate } = args;
  const url = callbackUrl(candidate.merchant_urls, args.key, candidate.order_id);
  if (url === undefined) return null;
  const label = args.urlKey ?? args.key;
  const sent = await sendUnderFaults(
    client,
    {
      kind: label,
      orderId: candidate.order_id,
      method: 'POST',
      url,
      body: JSON.stringify(updateCallbackBody(candidate)),
      timeoutMs: args.timeoutMs,
    },
    (answer) => {
      const verdict = interpretUpdateAnswer(answer, args.timeoutMs);
      return {
        outcome: verdict.outcome,
        violations: verdict.outcome === 'failed' ? verdict.violations : [],
        value: verdict,
      };
    },
    args.faults ?? NO_CALLBACK_FAULTS,
  );
  const draft = draftFrom(
    sent.value,
    label,
    session,
    candidate,
    args.key === 'shipping_option_update',
    sent.exchangeId,
  );
  return withFaults(draft, sent.faults);
}

function draftFrom(
  v: UpdateVerdict,
  label: string,
  session: Session,
  candidate: CheckoutOrder,
  keepSelection: boolean,
  exchangeId: string,
): StepDraft {
  const base = {
    redirect_url: null,
    error_type: null,
    error_text: null,
    exchange_ids: [exchangeId],
    notes: [] as string[],
    changes: [],
  };
  if (v.outcome === 'applied') {
    const applied = applyPatch(candidate, session.state, v.patch, keepSelection);
    const changes = diffOrders(session.order, applied.order);
    const merchantChanges = diffOrders(candidate, applied.order).length;
    return {
      session: { ...session, order: applied.order, state: applied.state },
      accepted: true,
      result: {
        ...base,
        outcome: 'applied',
        message: `Your server answered 200 to ${label}: ${merchantChanges === 0 ? 'nothing in its answer changed the order' : `its answer changed ${merchantChanges} field${merchantChanges === 1 ? '' : 's'} of the order`}.`,
        notes: v.notes,
        changes,
      },
    };
  }
  if (v.outcome === 'rejected') {
    const sees = v.errorText ? `sees: “${v.errorText}”` : 'is told the address cannot be shipped to';
    return {
      session,
      accepted: false,
      result: {
        ...base,
        outcome: 'rejected',
        error_type: v.errorType,
        error_text: v.errorText,
        message: `Your server answered 400 ${v.errorType} to ${label}: the customer stays in the checkout and ${sees}.`,
      },
    };
  }
  if (v.outcome === 'redirected') {
    return {
      session,
      accepted: false,
      result: {
        ...base,
        outcome: 'redirected',
        redirect_url: v.url,
        message: `Your server answered a redirect to ${label}: the customer is sent to ${v.url}.`,
      },
    };
  }
  return {
    session,
    accepted: false,
    result: {
      ...base,
      outcome: 'failed',
      message: sentence(`The purchase stops with the generic error: ${label} ${v.reason}`),
    },
  };
}
