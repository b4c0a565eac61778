import { z } from 'zod';
import { CountrySchema } from './common.schema';
import { OrderLineSchema, SHIPPING_METHODS } from './checkout-order.schema';
import { webUrl } from './web-url.schema';

/**
 * Order management after the purchase: the bodies of the calls that change an order (the real service's
 * order management reference), and what the console shows beside the order (sim-defined).
 */

/** Shipping methods a `shipping_info` item may name (the reference's pattern): a checkout's, and four more. */
export const SHIPPING_INFO_METHODS = [
  ...SHIPPING_METHODS,
  'Undefined',
  'PickUpWarehouse',
  'ClickCollect',
  'PalletDelivery',
] as const;

/** One shipment of an order or a capture: carrier, tracking number, and the return shipment's. */
export const ShippingInfoSchema = z.looseObject({
  shipping_company: z.string().max(100).optional(),
  shipping_method: z.enum(SHIPPING_INFO_METHODS).optional(),
  tracking_number: z.string().max(100).optional(),
  tracking_uri: webUrl(1024).optional(),
  return_shipping_company: z.string().max(100).optional(),
  return_tracking_number: z.string().max(100).optional(),
  return_tracking_uri: webUrl(1024).optional(),
});
export type ShippingInfo = z.infer<typeof ShippingInfoSchema>;

/** Body of `POST …/shipping-info` and `POST …/captures/{capture_id}/shipping-info`. */
export const UpdateShippingInfoSchema = z.looseObject({
  shipping_info: z.array(ShippingInfoSchema).min(1, 'must hold at least one item').max(500),
});

/** Body of `PATCH …/authorization`: the new total and, optionally, the new set of lines. */
export const AuthorizationUpdateSchema = z.looseObject({
  order_amount: z.int().min(0).max(200_000_000),
  description: z.string().max(255).optional(),
  order_lines: z.array(OrderLineSchema).max(1000).optional(),
});
export type AuthorizationUpdate = z.infer<typeof AuthorizationUpdateSchema>;

const text = (max: number) => z.string().max(max).optional();

/** An address as `PATCH …/customer-details` takes it; an empty string clears a field. */
export const AddressUpdateSchema = z.looseObject({
  attention: text(255),
  title: text(20),
  given_name: text(100),
  family_name: text(100),
  organization_name: text(255),
  email: z
    .string()
    .max(100)
    .regex(/^$|^[^@\s]+@[^@\s]+$/, 'must be an e-mail address (name@domain)')
    .optional(),
  phone: text(100),
  street_address: text(100),
  street_address2: text(100),
  postal_code: text(10),
  city: text(200),
  region: text(200),
  country: z.union([CountrySchema, z.literal('')]).optional(),
});
export type AddressUpdate = z.infer<typeof AddressUpdateSchema>;

/** Body of `PATCH …/customer-details`: the shipping address (the billing address cannot change). */
export const CustomerDetailsSchema = z.looseObject({
  shipping_address: AddressUpdateSchema.optional(),
  billing_address: z.unknown().optional(),
});

/**
 * Body of `PATCH …/captures/{capture_id}/customer-details`, as the official PHP SDK's
 * `Capture::updateCustomerDetails` sends it: the capture's billing address (its example: e-mail and phone);
 * the shipping address cannot change this way.
 */
export const CaptureCustomerDetailsSchema = z.looseObject({
  billing_address: AddressUpdateSchema,
  shipping_address: z.unknown().optional(),
});

/** The order's customer, as order management shows it. */
export const OmCustomerSchema = z.looseObject({
  date_of_birth: z.string().optional(),
  national_identification_number: z.string().optional(),
});

/** Body of `PATCH …/captures/{capture_id}/extend-due-date`. */
export const ExtendDueDateSchema = z.looseObject({
  number_of_days: z.int().min(1, 'must be a positive number of days'),
});

/** `GET …/captures/{capture_id}/extend-due-date-options`: the extensions offered and their fees. */
export const DueDateOptionsSchema = z.object({
  currency: z.string(),
  options: z.array(z.object({ number_of_days: z.int(), amount: z.int() })),
});
export type DueDateOptions = z.infer<typeof DueDateOptionsSchema>;

/** What happened to an order after the purchase, as the console lists it (sim-defined). */
export const OM_ACTIONS = [
  'acknowledged',
  'merchant_references',
  'captured',
  'refunded',
  'cancelled',
  'authorization_updated',
  'authorization_extended',
  'authorization_released',
  'customer_details',
  'shipping_info',
  'capture_shipping_info',
  'send_out',
  'due_date_extended',
  'fraud_resolved',
  'upsell',
  'expired',
] as const;
export type OmAction = (typeof OM_ACTIONS)[number];

export const OmHistoryEntrySchema = z
  .object({
    at: z.string(),
    action: z.enum(OM_ACTIONS),
    /** One sentence: what changed. */
    detail: z.string(),
    capture_id: z.string().optional(),
    refund_id: z.string().optional(),
  })
  .describe('sim-defined: one change to the order, in the order they happened');
export type OmHistoryEntry = z.infer<typeof OmHistoryEntrySchema>;

/** A capture's payment terms beside the API document (sim-defined: the reference shows none of them). */
export const CaptureStateSchema = z
  .object({
    /** When the customer is to pay this capture; null when the payment method has no due date. */
    due_at: z.string().nullable(),
    /** Days the due date was extended by (0 when never). */
    extended_by_days: z.int(),
    /** The merchant's fee for the extension, in minor units (0 when never extended). */
    extension_fee: z.int(),
    /** How many times the customer communication was sent again. */
    send_outs: z.int(),
  })
  .describe("sim-defined: a capture's due date, its extension and the send-outs triggered");
export type CaptureState = z.infer<typeof CaptureStateSchema>;
