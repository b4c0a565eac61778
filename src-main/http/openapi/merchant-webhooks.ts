import {
  CallbackRejectionSchema,
  NotificationCallbackSchema,
  UpdateCallbackAnswerSchema,
  UpdateCallbackBodySchema,
  UpsellDenialSchema,
  UpsellLinesSchema,
  UpsellRecommendationsSchema,
  UpsellRequestSchema,
} from '@shared/schemas/callbacks.schema';
import { CheckoutOrderSchema } from '@shared/schemas/checkout-order.schema';
import { z } from 'zod';
import type { ResponseDoc, WebhookDoc } from './op-types';

const REDIRECT: ResponseDoc = {
  status: '3XX',
  description: '301, 302, 303 or 307 with `Location`: the customer is sent there',
  headers: { Location: 'Where the customer goes' },
};
const rejection = (description: string): ResponseDoc => ({
  status: 400,
  description,
  schema: CallbackRejectionSchema,
});

/** An in-session update callback: the same request and answers for each (GAPS.md § Callbacks). */
function update(name: string, when: string): WebhookDoc {
  return {
    name,
    summary: `${when} (merchant_urls.${name})`,
    description:
      'Answered within the callback time limit (10 s by default); anything else is the generic error.',
    body: UpdateCallbackBodySchema,
    responses: [
      {
        status: 200,
        description: 'Parts to apply; `{}` changes nothing',
        schema: UpdateCallbackAnswerSchema,
      },
      rejection('The address or cart is refused; `error_text` is shown to the customer'),
      REDIRECT,
    ],
  };
}

const SPEC_WEBHOOKS: WebhookDoc[] = [
  update('address_update', 'The customer entered or changed an address'),
  update('shipping_address_update', 'The older name of address_update'),
  update('country_change', 'The customer switched country'),
  update('shipping_option_update', 'The customer picked a shipping option'),
  {
    name: 'validation',
    summary: 'The customer pressed pay (merchant_urls.validation)',
    description: 'The body is the whole order. A missing answer allows the purchase unless required.',
    body: CheckoutOrderSchema,
    responses: [
      { status: 200, description: 'The purchase goes ahead' },
      rejection('Denied: `address_error` or `approval_failed` with `error_text` (others are ignored)'),
      REDIRECT,
    ],
  },
  {
    name: 'push',
    summary: 'The order is ready for order management (merchant_urls.push)',
    description:
      'An empty body to the push URL with `{checkout.order.id}` replaced; retried on the spec’s schedule until the order is acknowledged.',
    responses: [{ status: '2XX', description: 'Delivered (the schedule continues until acknowledged)' }],
  },
  {
    name: 'notification',
    summary: 'A pending fraud review was resolved (merchant_urls.notification)',
    description: 'Sent once; only push is retried.',
    body: NotificationCallbackSchema,
    responses: [{ status: '2XX', description: 'Received' }],
  },
];

const SIM_WEBHOOKS: WebhookDoc[] = [
  {
    name: 'upsell',
    summary: 'Recommendations on the confirmation page (merchant_urls.upsell)',
    description: 'only with the setting `upsell_enabled`; the lines must reconcile.',
    simDefined: true,
    body: UpsellRequestSchema,
    responses: [{ status: 200, description: 'The lines to recommend', schema: UpsellRecommendationsSchema }],
  },
  {
    name: 'upsell_validation',
    summary: 'The customer adds upsell lines (merchant_urls.upsell_validation)',
    description: '200 `{}` allows; a 4xx `{"error"}` denies and the error is shown.',
    simDefined: true,
    body: UpsellLinesSchema,
    responses: [
      { status: 200, description: 'Allowed', schema: z.looseObject({}) },
      { status: '4XX', description: 'Denied', schema: UpsellDenialSchema },
    ],
  },
  {
    name: 'upsell_notification',
    summary: 'Upsell lines joined the order (merchant_urls.upsell_notification)',
    description: 'the lines are in the order already; another status is only flagged.',
    simDefined: true,
    body: UpsellLinesSchema,
    responses: [{ status: 200, description: 'Received' }],
  },
];

/** The calls the simulator makes to the merchant's server, documented as OpenAPI 3.1 webhooks. */
export const MERCHANT_WEBHOOKS: readonly WebhookDoc[] = [...SPEC_WEBHOOKS, ...SIM_WEBHOOKS];
