import { z } from 'zod';
import {
  ClientEventSchema,
  CustomerErrorSchema,
  CustomerStepAnswerSchema,
  CustomerViewSchema,
} from '@shared/schemas/customer.schema';
import { PickupSearchInputSchema, PickupSearchResultSchema } from '@shared/schemas/shipping-assistant.schema';
import {
  AddressStepSchema,
  CheckboxStepSchema,
  CountryStepSchema,
  ShippingOptionStepSchema,
  type StepResult,
} from '@shared/schemas/session.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import { customerAccess } from '../../core/checkout/customer-access';
import { recordClientEvent } from '../../core/checkout/client-events';
import type { Core } from '../../core/create-core';
import { invalid, SimFailure } from '../../core/errors';
import { operationGroup, type Operation, type OperationGroup } from '../define-operation';
import { isJsonType } from '../json';
import type { ListenerAnswer } from '../listener-app';
import type { ApiDoc, OpDoc } from '../openapi/op-types';
import { fail, noContent, ok } from '../openapi/responses';
import type { Ctx, Handler } from '../router';
import { refusalPage } from './frame-document';
import { STREAM_HEADERS, type ViewStreams } from './view-stream';

/** What the embedded checkout's operations work with. */
export interface CheckoutEnv {
  core: Core;
  streams: ViewStreams;
  /** The built embedded checkout (bootstrap.js, frame.js, frame.css); null when not built. */
  assetsDir: string | null;
}

/** An operation of the checkout's API; `whenClosed`: still served to the order's token once it closed. */
export interface CheckoutOperation extends Operation<CheckoutEnv> {
  whenClosed?: boolean;
}

export const CHECKOUT_MAX_BODY = 256 * 1024;
const TOKEN_SCHEME = 'KlarnaCheckout ';

/** The embedded checkout's JSON answer, never cached. */
export function checkoutJson(status: number, body: unknown): ListenerAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** The embedded checkout's error body; `problems` only when there are some. */
export const checkoutError = (
  code: string,
  message: string,
  problems?: readonly { path: string; message: string }[],
) => ({ error: { code, message, ...(problems && problems.length > 0 ? { problems } : {}) } });

/** The step's JSON body: `{}` when empty; a wrong type, a body too large or broken JSON refused by name. */
function bodyOf(c: Ctx): unknown {
  if (!isJsonType(c.req.headers['content-type']))
    throw invalid([{ path: 'Content-Type', message: 'must be application/json' }]);
  if (c.req.bodyTooLarge || c.req.body === null)
    throw new SimFailure('too_large', 'BAD_VALUE', 'the body is too large');
  const text = c.req.body.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid([{ path: '(body)', message: 'is not valid JSON' }]);
  }
}

/** The customer token: `Authorization: KlarnaCheckout <token>`, or `?token=` (EventSource sends no header). */
function tokenOf(c: Ctx): string | null {
  const auth = c.req.headers.authorization ?? '';
  if (auth.startsWith(TOKEN_SCHEME)) return auth.slice(TOKEN_SCHEME.length);
  return new URLSearchParams(c.req.search).get('token');
}

/** The refusal of a call without the order's token, or of a closed order's (unless `whenClosed`). */
function refusalOf(c: Ctx, env: CheckoutEnv, whenClosed: boolean): ListenerAnswer | null {
  const orderId = c.params.order_id!;
  const a = customerAccess(env.core.orders, env.core.tokens, orderId, tokenOf(c), env.core.clock.now());
  if (a.ok) return null;
  // An open page whose order expired or was aborted keeps its stream: the view says so.
  if (whenClosed && a.session !== undefined && a.refusal !== 'bad_token') return null;
  const page = refusalPage(a.refusal, orderId, { expiredAt: a.session?.order.expires_at });
  return checkoutJson(page.status, checkoutError(a.refusal.toUpperCase(), page.message));
}

/**
 * Every call about an order: on the order's test clock when it is bound to one (its time, its expiry),
 * and only with its customer token.
 */
function withOrderToken(env: CheckoutEnv) {
  return (op: CheckoutOperation, handler: (c: Ctx) => ListenerAnswer | Promise<ListenerAnswer>): Handler =>
    function onOrdersClock(c) {
      const id = c.params.order_id!;
      return env.core.clocks.run(env.core.clocks.clockOf(id), () => {
        return refusalOf(c, env, op.whenClosed === true) ?? handler(c);
      });
    };
}

function readView(c: Ctx, env: CheckoutEnv): ListenerAnswer {
  return checkoutJson(200, env.core.customerView(c.params.order_id!));
}

function openViewStream(c: Ctx, env: CheckoutEnv): ListenerAnswer {
  const orderId = c.params.order_id!;
  return { status: 200, headers: { ...STREAM_HEADERS }, stream: (sink) => env.streams.open(orderId, sink) };
}

function logClientEvent(c: Ctx, env: CheckoutEnv): ListenerAnswer {
  const parsed = ClientEventSchema.safeParse(bodyOf(c));
  if (!parsed.success) throw invalid(schemaProblems(parsed.error));
  recordClientEvent(env.core.exchanges, c.params.order_id!, parsed.data, env.core.clock.now());
  return { status: 204 };
}

async function tickCheckbox(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
  const orderId = c.params.order_id!;
  await env.core.steps.checkbox(orderId, bodyOf(c));
  return checkoutJson(200, { view: env.core.customerView(orderId) });
}

async function searchPickup(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
  const orderId = c.params.order_id!;
  const result = await env.core.shipping.pickupSearch(orderId, bodyOf(c));
  return checkoutJson(200, { ...result, view: env.core.customerView(orderId) });
}

/** A step's answer: its result as `/test_helpers` gives it, and the view after it. */
function stepAnswer(env: CheckoutEnv, orderId: string, r: StepResult): ListenerAnswer {
  return checkoutJson(200, {
    outcome: r.outcome,
    message: r.message,
    redirect_url: r.redirect_url,
    error_type: r.error_type,
    error_text: r.error_text,
    view: env.core.customerView(orderId),
  });
}

type StepName = 'country' | 'address' | 'shippingOption';

/** A customer step's handler: the same step as the console's and `/test_helpers`'. */
function stepHandler(step: StepName) {
  return async function runStep(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
    const orderId = c.params.order_id!;
    return stepAnswer(env, orderId, await env.core.steps[step](orderId, bodyOf(c)));
  };
}

async function pay(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
  const orderId = c.params.order_id!;
  bodyOf(c); // read (and refused when broken) as every step's, though the page chooses nothing here
  // The customer's pay button: the arrival order is the order's or the setting's, not the page's to choose.
  return stepAnswer(env, orderId, await env.core.steps.complete(orderId, {}));
}

const TAG = 'Embedded checkout';
const REFUSED = [
  fail(403, 'BAD_TOKEN: no customer token, or not this order’s (an unknown order answers the same)'),
  fail(404, 'UNKNOWN_ORDER: no such order (told only to its own token)'),
  fail(410, 'EXPIRED or ABORTED: the order is closed'),
];
const STEP_ERRORS = [
  fail(400, 'BAD_VALUE: the input breaks the step’s rules; `problems` names each field'),
  fail(409, 'STEP_OUT_OF_ORDER or another refusal in the order’s state'),
];
const ViewAnswerSchema = z.object({ view: CustomerViewSchema });

/** A POST of a customer step at `/kco/api/orders/:order_id/<name>`. */
function step(
  name: string,
  summary: string,
  body: z.ZodType,
  handle: CheckoutOperation['handle'],
): CheckoutOperation {
  return {
    method: 'POST',
    path: `/kco/api/orders/:order_id/${name}`,
    kind: `customer.${name}`,
    tag: TAG,
    summary,
    simDefined: true,
    body: { schema: body },
    responses: [ok(CustomerStepAnswerSchema, 'The step’s outcome and the view after it'), ...STEP_ERRORS],
    handle,
  };
}

const CHECKOUT_OPS: readonly CheckoutOperation[] = [
  {
    method: 'GET',
    path: '/kco/api/orders/:order_id',
    kind: 'customer.view',
    tag: TAG,
    summary: 'What the customer sees now',
    simDefined: true,
    responses: [ok(CustomerViewSchema, 'The customer’s view of the order')],
    handle: readView,
  },
  {
    method: 'GET',
    path: '/kco/api/orders/:order_id/events',
    kind: 'customer.events',
    tag: TAG,
    summary: 'Follow the view: a server-sent `view` event whenever the order changes',
    description:
      'the view now, then again on every change (whoever made it); still open to the order’s token once the order expired or was aborted, so the page can say so.',
    simDefined: true,
    whenClosed: true,
    responses: [
      { status: 200, description: 'The event stream', schema: z.string(), mediaTypes: ['text/event-stream'] },
    ],
    handle: openViewStream,
  },
  step('country', 'The customer picks the purchase country', CountryStepSchema, stepHandler('country')),
  step(
    'address',
    'The customer enters the address (address_update to the merchant)',
    AddressStepSchema,
    stepHandler('address'),
  ),
  step(
    'shipping_option',
    'The customer picks a shipping option',
    ShippingOptionStepSchema,
    stepHandler('shippingOption'),
  ),
  step('complete', 'The customer pays (validation, then completion)', z.object({}), pay),
  {
    method: 'POST',
    path: '/kco/api/orders/:order_id/checkbox',
    kind: 'customer.checkbox',
    tag: TAG,
    summary: 'The customer checks or unchecks one of the merchant’s checkboxes',
    simDefined: true,
    body: { schema: CheckboxStepSchema },
    responses: [ok(ViewAnswerSchema, 'The view after it'), ...STEP_ERRORS],
    handle: tickCheckbox,
  },
  {
    method: 'POST',
    path: '/kco/api/orders/:order_id/pickup_search',
    kind: 'customer.pickup_search',
    tag: TAG,
    summary: 'The customer searches pickup locations near an address',
    simDefined: true,
    body: { schema: PickupSearchInputSchema },
    responses: [
      ok(PickupSearchResultSchema.extend({ view: CustomerViewSchema }), 'The locations found, and the view'),
      ...STEP_ERRORS,
    ],
    handle: searchPickup,
  },
  {
    method: 'POST',
    path: '/kco/api/orders/:order_id/client_events',
    kind: 'customer.client_event',
    tag: TAG,
    summary: 'Log an event the page told the merchant’s page (postMessage)',
    simDefined: true,
    body: { schema: ClientEventSchema },
    responses: [noContent('Logged under the order'), fail(400, 'BAD_VALUE: not an event the API has')],
    handle: logClientEvent,
  },
];

/** The checkout's JSON API as its document frames it: errors as `{error: {code, message, problems?}}`. */
export function checkoutJsonApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: CustomerErrorSchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [fail(403, 'HOST_NOT_ALLOWED: a foreign name in Host (DNS rebinding)')],
    bodyErrors: [
      fail(400, 'BAD_VALUE: the body is not valid JSON, or the Content-Type is not JSON'),
      fail(413, `BAD_VALUE: the body is over ${CHECKOUT_MAX_BODY / 1024} KiB`),
    ],
    ops,
  };
}

/** The embedded checkout's JSON API, declared once: served by checkout-app.ts and documented alike. */
export const CHECKOUT_API: OperationGroup<CheckoutEnv> = operationGroup({
  api: function orderCallsApi(ops) {
    const api = checkoutJsonApi(ops);
    return { ...api, commonErrors: [...api.commonErrors, ...REFUSED] };
  },
  ops: CHECKOUT_OPS,
  wrap: withOrderToken,
});
