import { ClockViewSchema, FraudResolveResultSchema } from '@shared/contract/after-purchase-ops';
import { UpsellAcceptSchema } from '@shared/schemas/callbacks.schema';
import { ArrivalChoiceSchema } from '@shared/schemas/arrival.schema';
import { CustomerViewSchema } from '@shared/schemas/customer.schema';
import { AdvanceResultSchema, ClockAdvanceSchema, ClockSetSchema } from '@shared/schemas/clock.schema';
import { ExchangeListSchema, ExchangesClearedSchema } from '@shared/schemas/exchange.schema';
import { FraudResolveSchema } from '@shared/schemas/order-management.schema';
import { PushOverviewSchema, PushTimelineSchema } from '@shared/schemas/push.schema';
import {
  AddressStepSchema,
  CompleteStepSchema,
  CountryStepSchema,
  ShippingOptionStepSchema,
  StepAnswerSchema,
} from '@shared/schemas/session.schema';
import { SettingsPatchSchema, SettingsSchema } from '@shared/schemas/settings.schema';
import type { z } from 'zod';
import { checkoutApi } from './checkout-paths';
import type { OpDoc, ParamDoc } from './op-types';
import { fail, ok } from './responses';

export const STEPS_TAG = 'Automation: customer steps';
const AFTER_TAG = 'Automation: after the purchase';
const CLOCK_TAG = 'Automation: clock';
const ORDER = '/test_helpers/checkout/orders/:order_id';

const stepErrors = [
  fail(403, 'READ_ONLY_ORDER: the order is completed or aborted'),
  fail(404, 'NOT_FOUND: no such order, or it expired'),
  fail(409, 'STEP_OUT_OF_ORDER: e.g. pay before an address'),
];

/** One customer step: the same code the console's session page runs, callbacks included. */
function step(name: string, summary: string, schema: z.ZodType, required = true): OpDoc {
  return {
    method: 'POST',
    path: `${ORDER}/${name}`,
    kind: `test_helpers.${name}`,
    tag: STEPS_TAG,
    summary,
    simDefined: true,
    description:
      'plays the customer, making the callbacks the real checkout would; `outcome` says what your answers did.',
    body: { schema, required },
    responses: [ok(StepAnswerSchema, 'The step’s outcome and the order after it'), ...stepErrors],
  };
}

const limit = (max: number, def: number): ParamDoc => ({
  name: 'limit',
  description: `How many to list (default ${def}, at most ${max})`,
  schema: { type: 'integer', minimum: 1, maximum: max },
});

const upsellErrors = [
  fail(403, 'UPSELL_DISABLED (setting `upsell_enabled` is off) or UPSELL_NOT_ALLOWED (captured already)'),
  fail(404, 'NOT_FOUND: no such order'),
  fail(409, 'STEP_OUT_OF_ORDER: the purchase is not completed'),
];

const stepOps: OpDoc[] = [
  step('country', 'The customer switches country (`country_change`)', CountryStepSchema),
  step('address', 'The customer enters an address (`address_update`)', AddressStepSchema),
  step('shipping_option', 'The customer picks an option', ShippingOptionStepSchema),
  step('complete', 'The customer presses pay (`validation`, completion)', CompleteStepSchema, false),
  {
    method: 'GET',
    path: ORDER,
    kind: 'test_helpers.customer_view',
    tag: STEPS_TAG,
    summary: 'What the customer sees now',
    simDefined: true,
    description:
      'the checkout as the customer sees it (the embedded checkout renders the same): the step they are on, the cart and totals with shipping, the addresses, the shipping options with their ids (the merchant’s or the shipping assistant’s, preview or not, fallback and why, pickup locations, timeslots and add-ons), the selection, the banners, the last refusal or error, and after the purchase where the browser goes.',
    responses: [ok(CustomerViewSchema), fail(404, 'NOT_FOUND: no such order')],
  },
  {
    method: 'PUT',
    path: `${ORDER}/arrival`,
    kind: 'test_helpers.arrival',
    tag: STEPS_TAG,
    summary: 'Who tells the merchant first: push or the confirmation redirect',
    simDefined: true,
    description:
      'the order’s own choice, used when it completes (`null` leaves it to the setting `confirmation_arrival`): `redirect_first` as the spec schedules it (redirect at once, push about 2 minutes later), `push_first` (the first push is sent and answered before the browser is redirected), `push_only` (the customer never arrives).',
    body: { schema: ArrivalChoiceSchema, required: true },
    responses: [ok(CustomerViewSchema, 'The customer’s view, with `arrival_choice`'), ...stepErrors],
  },
  {
    method: 'GET',
    path: '/test_helpers/exchanges',
    kind: 'test_helpers.exchanges',
    tag: STEPS_TAG,
    summary: 'Every recorded exchange of an order, oldest first',
    simDefined: true,
    description: 'reads the exchange log: merchant calls in, callbacks out.',
    query: [
      {
        name: 'order_id',
        description:
          'The order, or the in-person session (its id is the order it becomes); all exchanges when absent',
      },
      limit(10_000, 1000),
    ],
    responses: [ok(ExchangeListSchema)],
  },
  {
    method: 'DELETE',
    path: '/test_helpers/exchanges',
    kind: 'test_helpers.exchanges.clear',
    tag: STEPS_TAG,
    summary: 'Empty the exchange log',
    simDefined: true,
    description:
      'deletes every recorded exchange (orders and their state are kept) and answers how many there were; this call itself is the first exchange of the emptied log.',
    responses: [ok(ExchangesClearedSchema)],
  },
  {
    method: 'GET',
    path: '/test_helpers/settings',
    kind: 'test_helpers.settings.read',
    tag: STEPS_TAG,
    summary: 'Read the simulator’s settings',
    simDefined: true,
    description: 'callback time limit, production TLS rules, upsell, in-person session time-out.',
    responses: [ok(SettingsSchema)],
  },
  {
    method: 'PUT',
    path: '/test_helpers/settings',
    kind: 'test_helpers.settings.update',
    tag: STEPS_TAG,
    summary: 'Change some settings',
    simDefined: true,
    description: 'a partial update; unknown keys are refused.',
    body: { schema: SettingsPatchSchema },
    responses: [ok(SettingsSchema)],
  },
];

const afterOps: OpDoc[] = [
  {
    method: 'POST',
    path: '/test_helpers/orders/:order_id/fraud_status',
    kind: 'test_helpers.fraud_status',
    tag: AFTER_TAG,
    summary: 'Resolve a pending fraud review (sends `notification`)',
    simDefined: true,
    description: 'order management follows; REJECTED cancels the order.',
    body: { schema: FraudResolveSchema },
    responses: [
      ok(FraudResolveResultSchema),
      fail(404, 'NO_SUCH_ORDER'),
      fail(409, 'FRAUD_STATUS_NOT_PENDING'),
    ],
  },
  {
    method: 'GET',
    path: '/test_helpers/orders/:order_id/push',
    kind: 'test_helpers.push.timeline',
    tag: AFTER_TAG,
    summary: 'An order’s push timeline',
    simDefined: true,
    description: 'the plan, the attempts made, the acknowledgement and the notifications.',
    responses: [ok(PushTimelineSchema), fail(404, 'NO_SUCH_ORDER')],
  },
  {
    method: 'GET',
    path: '/test_helpers/push',
    kind: 'test_helpers.push.overview',
    tag: AFTER_TAG,
    summary: 'The push plan and the orders awaiting acknowledgement',
    simDefined: true,
    description: 'a view of the spec’s push schedule across orders.',
    query: [limit(1000, 200)],
    responses: [ok(PushOverviewSchema)],
  },
  {
    method: 'POST',
    path: `${ORDER}/upsell`,
    kind: 'test_helpers.upsell',
    tag: AFTER_TAG,
    summary: 'Fetch the merchant’s upsell recommendations (`upsell`)',
    simDefined: true,
    description: 'the upsell callbacks’ payloads are defined by the simulator; see the `upsell` webhook.',
    responses: [ok(StepAnswerSchema, 'The step, with `upsell_order_lines` when applied'), ...upsellErrors],
  },
  {
    method: 'POST',
    path: `${ORDER}/upsell/accept`,
    kind: 'test_helpers.upsell_accept',
    tag: AFTER_TAG,
    summary: 'Add upsell lines (`upsell_validation`, then `upsell_notification`)',
    simDefined: true,
    description: 'allowed lines join the order; `denied` carries the merchant’s `error`.',
    body: { schema: UpsellAcceptSchema },
    responses: [ok(StepAnswerSchema), ...upsellErrors],
  },
];

const clockOps: OpDoc[] = [
  {
    method: 'GET',
    path: '/test_helpers/clock',
    kind: 'test_helpers.clock.read',
    tag: CLOCK_TAG,
    summary: 'Read the simulator clock',
    simDefined: true,
    description: 'one clock drives every timer (push, expiry, tracking polls).',
    responses: [ok(ClockViewSchema)],
  },
  {
    method: 'PUT',
    path: '/test_helpers/clock',
    kind: 'test_helpers.clock.update',
    tag: CLOCK_TAG,
    summary: 'Switch the clock between real time (with a speed) and manual',
    simDefined: true,
    description: 'the time shown does not jump.',
    body: { schema: ClockSetSchema },
    responses: [ok(ClockViewSchema), fail(409, 'CLOCK_FIXED: this simulator’s clock cannot change mode')],
  },
  {
    method: 'POST',
    path: '/test_helpers/clock/advance',
    kind: 'test_helpers.clock.advance',
    tag: CLOCK_TAG,
    summary: 'Advance the clock, firing what comes due in due order',
    simDefined: true,
    description: 'by `seconds`, or `until` the next event.',
    body: { schema: ClockAdvanceSchema },
    responses: [ok(AdvanceResultSchema)],
  },
];

/** The automation API (sim-defined): the customer's steps, the log, settings, after-purchase helpers, the clock. */
export const AUTOMATION_API = checkoutApi([...stepOps, ...afterOps, ...clockOps]);
