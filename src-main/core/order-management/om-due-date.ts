import type { CaptureState, DueDateOptions } from '@shared/schemas/om-updates.schema';
import type { Capture, OmOrder } from '@shared/schemas/order-management.schema';
import { invalid } from '../errors';
import { forbidden } from './om-doc';

/**
 * A capture's payment terms (sim-defined: the reference shows no due date, and leaves the options and
 * their fees to the merchant's contract). A pay-later capture (`initial_payment_method.type` INVOICE) is
 * due 30 days after it was captured; its due date can be extended once, by one of the offered options,
 * for a fee that is a share of what the customer still owes on it (captured − refunded).
 */

const DAY_MS = 24 * 3600 * 1000;
/** Days a pay-later capture gives the customer to pay ("pay in 30 days"). */
export const PAY_LATER_DUE_DAYS = 30;

/** The extensions offered and their fee, in per mille of what is owed on the capture. */
export const DUE_DATE_EXTENSIONS = [
  { number_of_days: 7, fee_permille: 10 },
  { number_of_days: 14, fee_permille: 18 },
  { number_of_days: 30, fee_permille: 30 },
] as const;

const PAY_LATER_TYPES = new Set(['INVOICE', 'PAY_LATER_BY_CARD', 'ACCOUNT']);

/** The terms of a capture as it was made: a due date for pay later, none for a card paid at the counter. */
export function initialCaptureState(o: OmOrder, c: Capture): CaptureState {
  const payLater = PAY_LATER_TYPES.has(o.initial_payment_method.type);
  return {
    due_at: payLater ? new Date(Date.parse(c.captured_at) + PAY_LATER_DUE_DAYS * DAY_MS).toISOString() : null,
    extended_by_days: 0,
    extension_fee: 0,
    send_outs: 0,
  };
}

/** Why the capture's due date cannot be extended now, or null when it can. */
export function whyNoExtension(c: Capture, s: CaptureState, nowMs: number): string | null {
  if (s.due_at === null)
    return 'the order was not paid with a pay-later method, so the capture has no due date';
  if (s.extended_by_days > 0) {
    return `its due date was extended already (by ${s.extended_by_days} days); it can be extended once`;
  }
  if (c.captured_amount - c.refunded_amount <= 0) return 'it is fully refunded: the customer owes nothing';
  if (nowMs >= Date.parse(s.due_at)) return `its due date ${s.due_at} has passed`;
  return null;
}

const feeOf = (c: Capture, permille: number) =>
  Math.round(((c.captured_amount - c.refunded_amount) * permille) / 1000);

/** `GET …/extend-due-date-options`: the offered extensions and their fees; none when it cannot be extended. */
export function dueDateOptions(o: OmOrder, c: Capture, s: CaptureState, nowMs: number): DueDateOptions {
  const open = whyNoExtension(c, s, nowMs) === null;
  return {
    currency: o.purchase_currency,
    options: open
      ? DUE_DATE_EXTENSIONS.map((x) => ({
          number_of_days: x.number_of_days,
          amount: feeOf(c, x.fee_permille),
        }))
      : [],
  };
}

/** `PATCH …/extend-due-date`: the capture's new terms, or a refusal (`403 NOT_ALLOWED`, `400 BAD_VALUE`). */
export function extendDueDate(c: Capture, s: CaptureState, days: number, nowMs: number): CaptureState {
  const why = whyNoExtension(c, s, nowMs);
  if (why !== null) {
    throw forbidden('NOT_ALLOWED', `the due date of capture ${c.capture_id} cannot be extended: ${why}`);
  }
  const option = DUE_DATE_EXTENSIONS.find((x) => x.number_of_days === days);
  if (!option) {
    const offered = DUE_DATE_EXTENSIONS.map((x) => x.number_of_days).join(', ');
    throw invalid([
      {
        path: 'number_of_days',
        message: `must be one of the offered options (${offered}; GET …/extend-due-date-options), got ${days}`,
      },
    ]);
  }
  return {
    ...s,
    due_at: new Date(Date.parse(s.due_at!) + days * DAY_MS).toISOString(),
    extended_by_days: days,
    extension_fee: feeOf(c, option.fee_permille),
  };
}
