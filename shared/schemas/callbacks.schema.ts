import { z } from 'zod';
import {
  AddressSchema,
  CheckoutOrderCreateSchema,
  OrderLineSchema,
  ShippingOptionSchema,
} from './checkout-order.schema';
import { AmountSchema, CurrencySchema, LocaleSchema } from './common.schema';
import { NOTIFICATION_EVENTS } from './order-management.schema';

/*
 * What the checkout service sends to the merchant's callback URLs and what it reads back (GAPS.md §
 * Callbacks). The upsell payloads are sim-defined: the spec names the callbacks, not their bodies.
 */

// ---- In-session update callbacks (address_update, shipping_address_update, country_change, shipping_option_update)

/** The request body of an update callback; `locale`, merchant data, references and tags when present. */
export const UpdateCallbackBodySchema = CheckoutOrderCreateSchema.pick({
  order_amount: true,
  order_tax_amount: true,
  order_lines: true,
  purchase_currency: true,
  merchant_data: true,
  merchant_reference1: true,
  merchant_reference2: true,
  tags: true,
}).extend({
  billing_address: AddressSchema,
  shipping_address: AddressSchema,
  selected_shipping_option: ShippingOptionSchema.optional(),
  customer: z.looseObject({}),
  locale: LocaleSchema.optional(),
});

/**
 * A 200 answer: every part optional and applied on its own; the cart only when `order_amount`,
 * `order_tax_amount` and `order_lines` are all there; a new option list needs exactly one preselected.
 */
export const UpdateCallbackAnswerSchema = z.looseObject({
  shipping_options: z.array(ShippingOptionSchema).optional(),
  purchase_currency: CurrencySchema.optional(),
  locale: LocaleSchema.optional(),
  merchant_data: z.string().optional(),
  merchant_reference1: z.string().optional(),
  merchant_reference2: z.string().optional(),
  tags: z.array(z.string()).optional(),
  order_amount: AmountSchema.optional(),
  order_tax_amount: AmountSchema.optional(),
  order_lines: z.array(OrderLineSchema).optional(),
});

/** The `error_type` values a 400 answer may carry; the first and last need `error_text`. */
export const CALLBACK_ERROR_TYPES = [
  'address_error',
  'unsupported_shipping_address',
  'approval_failed',
] as const;

/** A 400 answer of an update or validation callback: what the customer is told. */
export const CallbackRejectionSchema = z.looseObject({
  error_type: z.enum(CALLBACK_ERROR_TYPES),
  error_text: z.string().optional(),
});

// ---- After the purchase ----------------------------------------------------------------------------

/** The `notification` callback's body. */
export const NotificationCallbackSchema = z.object({
  order_id: z.string(),
  event_type: z.enum(NOTIFICATION_EVENTS),
});

// ---- Upsell (sim-defined) --------------------------------------------------------------------------

/** `upsell` request: the order's lines, for the merchant to recommend more. */
export const UpsellRequestSchema = z.object({ order_id: z.string(), order_lines: z.array(OrderLineSchema) });

/** `upsell` 200 answer: the lines to recommend, each checked with the checkout's line arithmetic. */
export const UpsellRecommendationsSchema = z.object({
  upsell_order_lines: z.array(OrderLineSchema).max(100),
});

/** `upsell_validation` and `upsell_notification` request: the lines the customer adds. */
export const UpsellLinesSchema = z.object({
  order_id: z.string(),
  upsell_order_lines: z.array(OrderLineSchema),
});

/** `upsell_validation` 4xx answer: the denial shown to the customer. */
export const UpsellDenialSchema = z.looseObject({ error: z.string() });

/** Body of `POST /test_helpers/checkout/orders/{order_id}/upsell/accept`: the lines the customer adds. */
export const UpsellAcceptSchema = z.object({
  upsell_order_lines: z.array(OrderLineSchema).min(1, 'must hold at least one line').max(100),
});
