import type { checkoutOps } from '@shared/contract/checkout-ops';
import type { controlOps } from '@shared/contract/control';
import { ArrivalChoiceSchema } from '@shared/schemas/arrival.schema';
import { CheckoutOrderCreateSchema, CheckoutOrderUpdateSchema } from '@shared/schemas/checkout-order.schema';
import {
  AddressStepSchema,
  CompleteStepSchema,
  CountryStepSchema,
  ShippingOptionStepSchema,
} from '@shared/schemas/session.schema';
import { CheckboxStepSchema } from '@shared/schemas/session.schema';
import { SettingsPatchSchema } from '@shared/schemas/settings.schema';
import { ReplayEditsSchema } from '@shared/schemas/exchange.schema';
import { fail } from '../../openapi/responses';
import type { CoverageOf, OpRoute } from './route-table';
import { EXCHANGES_OPERATION } from '../test-helper-operations';
import { TAGS } from './route-table';

const ORDER = '/test_helpers/checkout/orders/:order_id';
const NO_ORDER = fail(404, 'NOT_FOUND: no such order, or it expired');
const STEP_ERRORS = [
  fail(403, 'READ_ONLY_ORDER: the order is completed or aborted'),
  NO_ORDER,
  fail(409, 'STEP_OUT_OF_ORDER: e.g. pay before an address'),
];

/** One customer step: the body is the customer's input, passed on whole (`input` in the contract). */
function step<
  K extends 'session.country' | 'session.address' | 'session.shippingOption' | 'session.complete',
>(name: string, summary: string, bodySchema: OpRoute['bodySchema'], optionalBody = false): OpRoute<K> {
  return {
    method: 'POST',
    path: `${ORDER}/${name}`,
    kind: `test_helpers.${name}`,
    body: { as: 'input' },
    optionalBody,
    tag: TAGS.steps,
    summary,
    description:
      'plays the customer, making the callbacks the real checkout would; `outcome` says what your answers did, `customer_view` what the customer sees after it.',
    bodySchema,
    answer: 'The step’s outcome, the order after it, and what the customer sees now',
    errors: STEP_ERRORS,
  };
}

type Ops = Pick<
  typeof controlOps,
  | keyof typeof checkoutOps
  | 'app.info'
  | 'orders.list'
  | 'orders.get'
  | 'exchanges.list'
  | 'exchanges.clear'
  | 'exchanges.replay'
>;

/** The console's operations on checkout orders, their sessions, the settings and the log. */
export const CHECKOUT_COVERAGE: CoverageOf<Ops> = {
  'app.info': {
    method: 'GET',
    path: '/test_helpers/app',
    kind: 'test_helpers.app.info',
    tag: TAGS.simulator,
    summary: 'The simulator: version, mode, data folder, listener URLs and credentials',
    description:
      'what the console’s header shows: where each listener is (`api`, `console`, `integrator`, `checkout`, `shop`), under `--tls` the local CA’s certificate file (`tls.caFile`, null with your own certificate), and the Basic credentials (the ones this call was made with).',
  },
  'orders.list': {
    method: 'GET',
    path: '/test_helpers/checkout/orders',
    kind: 'test_helpers.orders.list',
    tag: TAGS.orders,
    summary: 'List the checkout orders, newest first, a page at a time',
    description:
      'as the console’s order list: each order’s status (`checkout_incomplete`, `checkout_complete`, `expired` or `aborted`), market, amount and times; `status` keeps one status, `cursor` is the `next_cursor` of the page before (null on the last page).',
  },
  'orders.get': {
    method: 'GET',
    path: `${ORDER}/order`,
    kind: 'test_helpers.orders.read',
    tag: TAGS.orders,
    summary: 'The checkout order as the checkout API returns it, expired or aborted too',
    description:
      'the order document; unlike `GET /checkout/v3/orders/{order_id}` it also answers once the order has expired.',
    notFound: { what: 'order' },
  },
  'orders.create': {
    method: 'POST',
    path: '/test_helpers/checkout/orders',
    kind: 'test_helpers.orders.create',
    body: { as: 'body' },
    status: 201,
    tag: TAGS.orders,
    summary: 'Create a checkout order, as the console’s create form does',
    description:
      'the body is the order, checked as `POST /checkout/v3/orders` checks it (same rules, same field errors); answers the order.',
    bodySchema: CheckoutOrderCreateSchema,
    answer: 'The order, `checkout_incomplete`',
  },
  'orders.update': {
    method: 'POST',
    path: `${ORDER}/order`,
    kind: 'test_helpers.orders.update',
    body: { as: 'body' },
    tag: TAGS.orders,
    summary: 'Update a checkout order, as the merchant would',
    description: 'the fields given replace the order’s, as `POST /checkout/v3/orders/{order_id}` does.',
    bodySchema: CheckoutOrderUpdateSchema,
    errors: [fail(403, 'READ_ONLY_ORDER: the order is completed or aborted'), NO_ORDER],
  },
  'orders.abort': {
    method: 'POST',
    path: `${ORDER}/abort`,
    kind: 'test_helpers.orders.abort',
    body: 'none',
    tag: TAGS.orders,
    summary: 'Abort a checkout order',
    description: 'the order stays readable but nothing can change it any more.',
    errors: [fail(403, 'READ_ONLY_ORDER: the order is completed or aborted'), NO_ORDER],
  },
  'session.get': {
    method: 'GET',
    path: `${ORDER}/session`,
    kind: 'test_helpers.session.read',
    tag: TAGS.orders,
    summary: 'The checkout session as the console shows it',
    description:
      'the order, the simulator’s state beside it (options shown, every step taken, warnings, the shipping assistant’s part, merchant faults), the allowed countries, the registered callbacks and the embedded checkout’s address.',
    notFound: { what: 'order' },
  },
  'session.country': step('country', 'The customer switches country (`country_change`)', CountryStepSchema),
  'session.address': step('address', 'The customer enters an address (`address_update`)', AddressStepSchema),
  'session.shippingOption': step('shipping_option', 'The customer picks an option', ShippingOptionStepSchema),
  'session.complete': step(
    'complete',
    'The customer presses pay (`validation`, completion)',
    CompleteStepSchema,
    true,
  ),
  'session.customerView': {
    method: 'GET',
    path: ORDER,
    kind: 'test_helpers.customer_view',
    tag: TAGS.steps,
    summary: 'What the customer sees now',
    description:
      'the checkout as the customer sees it (the embedded checkout renders the same): the step they are on, the cart and totals with shipping, the addresses, the shipping options with their ids (the merchant’s or the shipping assistant’s, preview or not, fallback and why, pickup locations, timeslots and add-ons), the selection, the banners, the last refusal or error, and after the purchase where the browser goes.',
    notFound: { what: 'order' },
  },
  'session.arrival': {
    method: 'PUT',
    path: `${ORDER}/arrival`,
    kind: 'test_helpers.arrival',
    tag: TAGS.steps,
    summary: 'Who tells the merchant first: push or the confirmation redirect',
    description:
      'the order’s own choice, used when it completes (`null` leaves it to the setting `confirmation_arrival`): `redirect_first` as the spec schedules it (redirect at once, push about 2 minutes later), `push_first` (the first push is sent and answered before the browser is redirected), `push_only` (the customer never arrives).',
    bodySchema: ArrivalChoiceSchema,
    answer: 'The customer’s view, with `arrival_choice`',
    errors: STEP_ERRORS,
  },
  'session.checkbox': {
    method: 'PUT',
    path: `${ORDER}/checkbox`,
    kind: 'test_helpers.checkbox',
    tag: TAGS.steps,
    summary: 'The customer checks or unchecks an additional checkbox',
    description:
      'one of `options.additional_checkbox` (key `merchant_checkbox`) or `options.additional_checkboxes` (key: its `id`); the answer is the order’s `merchant_requested`. A required box left unchecked makes the complete step answer 409 `CHECKBOX_REQUIRED`.',
    bodySchema: CheckboxStepSchema,
    answer: 'The customer’s view, with `checkboxes`',
    errors: STEP_ERRORS,
  },
  'settings.get': {
    method: 'GET',
    path: '/test_helpers/settings',
    kind: 'test_helpers.settings.read',
    tag: TAGS.steps,
    summary: 'Read the simulator’s settings',
    description: 'callback time limit, production TLS rules, upsell, in-person session time-out.',
  },
  'settings.update': {
    method: 'PUT',
    path: '/test_helpers/settings',
    kind: 'test_helpers.settings.update',
    body: 'whole',
    tag: TAGS.steps,
    summary: 'Change some settings',
    description: 'a partial update; unknown keys are refused.',
    bodySchema: SettingsPatchSchema,
  },
  'ui.prefs.get': {
    consoleOnly:
      'the console’s own memory of its create form (merchant URLs, market), so nobody retypes them; a script keeps its own values',
  },
  'ui.prefs.set': {
    consoleOnly: 'as ui.prefs.get: the console’s create form remembers what was typed there',
  },
  'exchanges.list': {
    own: EXCHANGES_OPERATION,
    differs:
      'answers `{exchanges}` oldest first (the order a script reads an order’s story in, and the order this route has always had) and lets `limit` reach 10,000; the console’s log lists the newest first. Same filter (`order_id`), same exchanges.',
  },
  'exchanges.clear': {
    method: 'DELETE',
    path: '/test_helpers/exchanges',
    kind: 'test_helpers.exchanges.clear',
    tag: TAGS.steps,
    summary: 'Empty the exchange log',
    description:
      'deletes every recorded exchange (orders and their state are kept) and answers how many there were; this call itself is the first exchange of the emptied log.',
  },
  'exchanges.replay': {
    method: 'POST',
    path: '/test_helpers/exchanges/:exchange_id/replay',
    kind: 'test_helpers.exchanges.replay',
    optionalBody: true,
    status: 201,
    tag: TAGS.steps,
    summary: 'Send a recorded callback, push or notification again, as it was or edited',
    description:
      'the simulator’s own call (an outbound exchange) goes out again through the same client, to the same URL or `url`, with `headers` set (or removed with null) and `body` replaced (text, or JSON serialized); anything left out is sent as recorded (masked secrets stay masked). The new exchange is recorded under the same order and kind with `replay_of` (the original’s id) and `edited` (what changed); it changes no order. No body: sent again as it was.',
    bodySchema: ReplayEditsSchema,
    answer: 'The new exchange',
    errors: [
      fail(404, 'NOT_FOUND: the log holds no such exchange'),
      fail(
        409,
        'NOT_REPLAYABLE: the exchange is a call made to the simulator, not one it made; LOG_CLEARED: the log was emptied while the replay was out (it was sent, its record is gone)',
      ),
    ],
  },
};
