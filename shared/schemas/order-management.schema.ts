import { z } from 'zod';
import { AddressSchema, OrderLineSchema } from './checkout-order.schema';
import { OmSelectedShippingOptionSchema } from './om-shipping-option.schema';
import {
  CaptureStateSchema,
  OmCustomerSchema,
  OmHistoryEntrySchema,
  ShippingInfoSchema,
} from './om-updates.schema';

/**
 * Order management (`/ordermanagement/v1`): the order after the purchase, with the fields GAPS.md lists
 * and those of the real service's order management reference (`klarna_reference`, `customer`,
 * `merchant_data`, `shipping_info`). The bodies of the calls that change an order: om-updates.schema.ts.
 */

export const OM_STATUSES = [
  'AUTHORIZED',
  'PART_CAPTURED',
  'CAPTURED',
  'CANCELLED',
  'EXPIRED',
  'CLOSED',
] as const;
export type OmStatus = (typeof OM_STATUSES)[number];

export const FRAUD_STATUSES = ['ACCEPTED', 'PENDING', 'REJECTED'] as const;
export type FraudStatus = (typeof FRAUD_STATUSES)[number];

const positiveAmount = z.int().min(1, 'must be a positive amount in minor units (at least 1)');
const lines = z.array(OrderLineSchema).min(1, 'must hold at least one order line').max(1000);

export const CaptureSchema = z.object({
  capture_id: z.string(),
  klarna_reference: z.string(),
  captured_amount: z.int(),
  captured_at: z.string(),
  description: z.string().optional(),
  reference: z.string().optional(),
  order_lines: z.array(OrderLineSchema),
  refunded_amount: z.int(),
  billing_address: AddressSchema.optional(),
  shipping_address: AddressSchema.optional(),
  shipping_info: z.array(ShippingInfoSchema),
});
export type Capture = z.infer<typeof CaptureSchema>;

export const RefundSchema = z.object({
  refund_id: z.string(),
  refunded_amount: z.int(),
  refunded_at: z.string(),
  description: z.string().optional(),
  reference: z.string().optional(),
  order_lines: z.array(OrderLineSchema),
});
export type Refund = z.infer<typeof RefundSchema>;

/** `GET /ordermanagement/v1/orders/{order_id}`. */
export const OmOrderSchema = z.object({
  order_id: z.string(),
  /** A short reference the customer is told (the capture references add `-1`, `-2`, …). */
  klarna_reference: z.string(),
  status: z.enum(OM_STATUSES),
  fraud_status: z.enum(FRAUD_STATUSES),
  order_amount: z.int(),
  original_order_amount: z.int(),
  captured_amount: z.int(),
  refunded_amount: z.int(),
  remaining_authorized_amount: z.int(),
  purchase_currency: z.string(),
  purchase_country: z.string().optional(),
  locale: z.string().optional(),
  order_lines: z.array(OrderLineSchema),
  merchant_reference1: z.string().optional(),
  merchant_reference2: z.string().optional(),
  /** As given at checkout create or update, unchanged. */
  merchant_data: z.string().optional(),
  customer: OmCustomerSchema,
  billing_address: AddressSchema.optional(),
  shipping_address: AddressSchema.optional(),
  /** Shipments of the order as a whole (`POST …/shipping-info`); a capture's are on the capture. */
  shipping_info: z.array(ShippingInfoSchema),
  created_at: z.string(),
  expires_at: z.string(),
  captures: z.array(CaptureSchema),
  refunds: z.array(RefundSchema),
  /** Order management's own shape (om-shipping-option.schema.ts), not the checkout API's option. */
  selected_shipping_option: OmSelectedShippingOptionSchema.optional(),
  initial_payment_method: z.object({ type: z.string(), description: z.string() }),
});
export type OmOrder = z.infer<typeof OmOrderSchema>;

/** What a capture and a refund both may say after their amount: why, the merchant's reference, which lines. */
const AMOUNT_DETAILS = {
  description: z.string().max(255).optional(),
  reference: z.string().max(255).optional(),
  order_lines: lines.optional(),
};

/** Body of `POST …/captures`. Unknown fields are accepted (forward compatible). */
export const CaptureCreateSchema = z.looseObject({
  captured_amount: positiveAmount,
  ...AMOUNT_DETAILS,
  shipping_info: z.array(ShippingInfoSchema).max(500).optional(),
  shipping_delay: z.int().min(0).optional(),
});
export type CaptureCreate = z.infer<typeof CaptureCreateSchema>;

/** Body of `POST …/refunds`. */
export const RefundCreateSchema = z.looseObject({
  refunded_amount: positiveAmount,
  ...AMOUNT_DETAILS,
});
export type RefundCreate = z.infer<typeof RefundCreateSchema>;

/** Body of `PATCH …/merchant-references`: either or both. */
export const MerchantReferencesSchema = z.looseObject({
  merchant_reference1: z.string().max(255).optional(),
  merchant_reference2: z.string().max(255).optional(),
});

/** Body of `POST /test_helpers/orders/{order_id}/fraud_status` (sim-defined). */
export const FraudResolveSchema = z.object({ fraud_status: z.enum(['ACCEPTED', 'REJECTED']) });

/** The `notification` callback's event types (GAPS.md). */
export const NOTIFICATION_EVENTS = [
  'FRAUD_RISK_ACCEPTED',
  'FRAUD_RISK_REJECTED',
  'FRAUD_RISK_STOPPED',
] as const;

/** One notification the simulator sent (or would have sent: `sent` false when none is registered). */
export const NotificationRecordSchema = z.object({
  at: z.string(),
  event_type: z.enum(NOTIFICATION_EVENTS),
  sent: z.boolean(),
  status: z.int().nullable(),
  outcome: z.string(),
  duration_ms: z.number().nullable(),
  exchange_id: z.string().nullable(),
  /** Sim-defined: the merchant fault it was sent under (`duplicate_notification`: the second delivery). */
  fault: z.string().optional(),
});
export type NotificationRecord = z.infer<typeof NotificationRecordSchema>;

/** The order as the console shows it: the API document and the simulator's own state beside it. */
export const OmViewSchema = z.object({
  order: OmOrderSchema,
  acknowledged_at: z.string().nullable(),
  /** Where the order came from: a checkout, or a finalized in-person session. */
  source: z.enum(['checkout', 'ipp']),
  notifications: z.array(NotificationRecordSchema),
  /** Every change after the purchase, oldest first. */
  history: z.array(OmHistoryEntrySchema),
  /** Each capture's due date, extension and send-outs, by capture id. */
  capture_states: z.record(z.string(), CaptureStateSchema),
});
export type OmView = z.infer<typeof OmViewSchema>;
