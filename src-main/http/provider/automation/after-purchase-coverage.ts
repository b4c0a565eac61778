import type { afterPurchaseOps } from '@shared/contract/after-purchase-ops';
import { UpsellAcceptSchema } from '@shared/schemas/callbacks.schema';
import { fail } from '../../openapi/responses';
import type { CoverageOf } from './route-table';
import { TAGS } from './route-table';

const ORDER = '/test_helpers/checkout/orders/:order_id';
const OM_ORDER = '/test_helpers/orders/:order_id';
const UPSELL_ERRORS = [
  fail(403, 'UPSELL_DISABLED (setting `upsell_enabled` is off) or UPSELL_NOT_ALLOWED (captured already)'),
  fail(404, 'NOT_FOUND: no such order'),
  fail(409, 'STEP_OUT_OF_ORDER: the purchase is not completed'),
];

/** The console's operations after the purchase: the clock, push timelines, order management, upsell. */
export const AFTER_PURCHASE_COVERAGE: CoverageOf<typeof afterPurchaseOps> = {
  'clock.get': {
    method: 'GET',
    path: '/test_helpers/clock',
    kind: 'test_helpers.clock.read',
    tag: TAGS.clock,
    summary: 'Read the simulator clock',
    description: 'one clock drives every timer (push, expiry, tracking polls).',
  },
  'clock.set': {
    method: 'PUT',
    path: '/test_helpers/clock',
    kind: 'test_helpers.clock.update',
    tag: TAGS.clock,
    summary: 'Switch the clock between real time (with a speed) and manual',
    description: 'the time shown does not jump.',
    outcome: (view) => view.mode,
    errors: [fail(409, 'CLOCK_FIXED: this simulator’s clock cannot change mode')],
  },
  'clock.advance': {
    method: 'POST',
    path: '/test_helpers/clock/advance',
    kind: 'test_helpers.clock.advance',
    tag: TAGS.clock,
    summary: 'Advance the clock, firing what comes due in due order',
    description: 'by `seconds`, or `until` the next event.',
    outcome: (r) => `fired ${r.fired_total}`,
  },
  'clock.backToNow': {
    method: 'POST',
    path: '/test_helpers/clock/back_to_now',
    kind: 'test_helpers.clock.back_to_now',
    tag: TAGS.clock,
    summary: 'Bring the clock back to the computer’s time',
    description:
      'after an advance the clock stays ahead; this sets it to the wall clock, in the same mode and speed. Pending timers keep their simulator times, so they come due that much later.',
    outcome: (r) => (r.moved_back_ms > 0 ? 'moved back' : 'not ahead'),
    errors: [fail(409, 'CLOCK_FIXED: this simulator’s clock cannot be moved')],
  },
  'push.plan': {
    method: 'GET',
    path: '/test_helpers/push/plan',
    kind: 'test_helpers.push.plan',
    tag: TAGS.after,
    summary: 'The push schedule as the spec states it',
    description: 'the first delay, the offsets of the retries and the 48-hour window.',
  },
  'push.timeline': {
    method: 'GET',
    path: `${OM_ORDER}/push`,
    kind: 'test_helpers.push.timeline',
    tag: TAGS.after,
    summary: 'An order’s push timeline',
    description:
      'the plan, the attempts made (with the merchant faults applied to them), the acknowledgement and the notifications.',
    notFound: { what: 'order', code: 'NO_SUCH_ORDER' },
  },
  'push.overview': {
    method: 'GET',
    path: '/test_helpers/push',
    kind: 'test_helpers.push.overview',
    tag: TAGS.after,
    summary: 'The push plan and the orders awaiting acknowledgement',
    description: 'a view of the spec’s push schedule across orders, soonest next attempt first.',
  },
  'om.order.get': {
    method: 'GET',
    path: OM_ORDER,
    kind: 'test_helpers.om.order.read',
    tag: TAGS.after,
    summary: 'The order management order with its history and capture states',
    description:
      'what the console’s order management panel shows: the order as `GET /ordermanagement/v1/orders/{order_id}` answers it, its history (every change after the purchase) and each capture’s due date and send-outs.',
    notFound: { what: 'order', code: 'NO_SUCH_ORDER' },
  },
  'om.fraud.resolve': {
    method: 'POST',
    path: `${OM_ORDER}/fraud_status`,
    kind: 'test_helpers.fraud_status',
    tag: TAGS.after,
    summary: 'Resolve a pending fraud review (sends `notification`)',
    description: 'order management follows; REJECTED cancels the order.',
    outcome: (r) => r.order.order.fraud_status,
    errors: [fail(404, 'NO_SUCH_ORDER'), fail(409, 'FRAUD_STATUS_NOT_PENDING')],
  },
  'upsell.fetch': {
    method: 'POST',
    path: `${ORDER}/upsell`,
    kind: 'test_helpers.upsell',
    body: { as: 'input' },
    optionalBody: true,
    tag: TAGS.after,
    summary: 'Fetch the merchant’s upsell recommendations (`upsell`)',
    description: 'the upsell callbacks’ payloads are defined by the simulator; see the `upsell` webhook.',
    answer: 'The step, with `upsell_order_lines` when applied',
    errors: UPSELL_ERRORS,
  },
  'upsell.accept': {
    method: 'POST',
    path: `${ORDER}/upsell/accept`,
    kind: 'test_helpers.upsell_accept',
    body: { as: 'input' },
    tag: TAGS.after,
    summary: 'Add upsell lines (`upsell_validation`, then `upsell_notification`)',
    description: 'allowed lines join the order; `denied` carries the merchant’s `error`.',
    bodySchema: UpsellAcceptSchema,
    errors: UPSELL_ERRORS,
  },
};
