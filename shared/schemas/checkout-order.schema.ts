import { z } from 'zod';
import { AmountSchema, CountrySchema, CurrencySchema, LocaleSchema, TaxRateSchema } from './common.schema';
import { webUrl } from './web-url.schema';

export const ORDER_LINE_TYPES = [
  'physical',
  'discount',
  'shipping_fee',
  'sales_tax',
  'digital',
  'gift_card',
  'store_credit',
  'surcharge',
] as const;

export const OrderLineSchema = z.looseObject({
  type: z.enum(ORDER_LINE_TYPES).optional(),
  reference: z.string().max(255).optional(),
  name: z.string().min(1, 'must not be empty').max(255),
  quantity: z.int().min(0),
  quantity_unit: z.string().max(10).optional(),
  unit_price: AmountSchema,
  tax_rate: TaxRateSchema,
  total_amount: AmountSchema,
  total_discount_amount: AmountSchema.min(0).optional(),
  total_tax_amount: AmountSchema,
  merchant_data: z.string().max(1024).optional(),
  product_url: webUrl(1024).optional(),
  image_url: webUrl(1024).optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** Where an address is, short of the country: the checkout's address and a pickup location's alike. */
export const STREET_FIELDS = {
  street_address: z.string().optional(),
  street_address2: z.string().optional(),
  postal_code: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
};

export const AddressSchema = z.looseObject({
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  title: z.string().optional(),
  ...STREET_FIELDS,
  phone: z.string().optional(),
  country: CountrySchema.optional(),
  care_of: z.string().optional(),
  organization_name: z.string().optional(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * Fields of an address the checkout's address form makes the customer fill in; a shipping address keeps
 * them after the purchase too (order management refuses to clear one).
 */
export const REQUIRED_ADDRESS_FIELDS = [
  'given_name',
  'family_name',
  'email',
  'street_address',
  'postal_code',
  'city',
  'country',
] as const satisfies readonly (keyof Address)[];

/** Keys of merchant_urls that the checkout calls with POST. */
export const CALLBACK_KEYS = [
  'push',
  'address_update',
  'shipping_address_update',
  'country_change',
  'shipping_option_update',
  'validation',
  'notification',
  'upsell',
  'upsell_validation',
  'upsell_notification',
] as const;
export type CallbackKey = (typeof CALLBACK_KEYS)[number];

const url = webUrl(2000);
export const MerchantUrlsSchema = z.looseObject({
  terms: url,
  checkout: url,
  confirmation: url,
  push: url,
  cancellation_terms: url.optional(),
  address_update: url.optional(),
  shipping_address_update: url.optional(),
  country_change: url.optional(),
  shipping_option_update: url.optional(),
  validation: url.optional(),
  notification: url.optional(),
  upsell: url.optional(),
  upsell_validation: url.optional(),
  upsell_notification: url.optional(),
});
export type MerchantUrls = z.infer<typeof MerchantUrlsSchema>;

export const SHIPPING_METHODS = [
  'PickUpStore',
  'Home',
  'BoxReg',
  'BoxUnreg',
  'PickUpPoint',
  'Own',
  'Postal',
  'DHLPackstation',
  'Digital',
] as const;

export const ShippingOptionSchema = z.looseObject({
  id: z.string().min(1, 'must not be empty'),
  name: z.string().min(1, 'must not be empty'),
  description: z.string().optional(),
  promo: z.string().optional(),
  price: AmountSchema.min(0),
  tax_amount: AmountSchema.min(0),
  tax_rate: TaxRateSchema,
  preselected: z.boolean().optional(),
  shipping_method: z.enum(SHIPPING_METHODS).optional(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** options.additional_checkbox (CO-API `checkbox`): one box beside pay, its text in Markdown. */
export const CheckboxSchema = z.object({
  text: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters'),
  checked: z.boolean(),
  required: z.boolean(),
});
/** options.additional_checkboxes[] (CO-API `checkbox-v2`): the same with an id the answer names it by. */
export const CheckboxV2Schema = CheckboxSchema.extend({
  id: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
});
export type CheckboxV2 = z.infer<typeof CheckboxV2Schema>;

/** merchant_requested (CO-API, read-only): the customer's answer to the additional checkboxes. */
export const MerchantRequestedSchema = z.object({
  additional_checkbox: z.boolean().optional(),
  additional_checkboxes: z.array(z.object({ id: z.string(), checked: z.boolean() })).optional(),
});
export type MerchantRequested = z.infer<typeof MerchantRequestedSchema>;

export const CheckoutOptionsSchema = z.looseObject({
  require_validate_callback_success: z.boolean().optional(),
  allow_separate_shipping_address: z.boolean().optional(),
  /** Pay waits for the merchant page's answer to the `validation_callback` client-side event. */
  require_client_validation: z.boolean().optional(),
  additional_checkbox: CheckboxSchema.optional(),
  additional_checkboxes: z
    .array(CheckboxV2Schema)
    .max(20, 'must hold at most 20 checkboxes')
    .refine((a) => new Set(a.map((c) => c.id)).size === a.length, 'each checkbox needs its own id')
    .optional(),
});

/** The cart part of an order: what merchants send and callbacks may answer. */
export const CartSchema = z.object({
  order_amount: AmountSchema,
  order_tax_amount: AmountSchema,
  order_lines: z.array(OrderLineSchema).min(1, 'must hold at least one order line'),
});
export type Cart = z.infer<typeof CartSchema>;

/** Body of POST /checkout/v3/orders. Unknown fields are kept (forward compatible). */
export const CheckoutOrderCreateSchema = z.looseObject({
  purchase_country: CountrySchema,
  purchase_currency: CurrencySchema,
  locale: LocaleSchema,
  ...CartSchema.shape,
  merchant_urls: MerchantUrlsSchema,
  billing_address: AddressSchema.optional(),
  shipping_address: AddressSchema.optional(),
  /** `type` is `person` (B2C, the default filled in when absent) or `organization` (B2B). */
  customer: z.looseObject({ type: z.enum(['person', 'organization']).optional() }).optional(),
  merchant_reference1: z.string().max(255).optional(),
  merchant_reference2: z.string().max(255).optional(),
  merchant_data: z.string().max(6000).optional(),
  options: CheckoutOptionsSchema.optional(),
  shipping_options: z.array(ShippingOptionSchema).optional(),
  shipping_countries: z.array(CountrySchema).optional(),
  billing_countries: z.array(CountrySchema).optional(),
  tags: z.array(z.string()).optional(),
  /** Tokenization asked for; no customer token is simulated, the answer carries it as a boolean. */
  recurring: z.boolean().optional(),
});
export type CheckoutOrderCreate = z.infer<typeof CheckoutOrderCreateSchema>;

/**
 * Body of POST /checkout/v3/orders/{order_id}: any fields of the create body; they replace the order's,
 * and the merged order is checked as a whole, as on create.
 */
export const CheckoutOrderUpdateSchema = CheckoutOrderCreateSchema.partial();

export const CHECKOUT_STATUSES = ['checkout_incomplete', 'checkout_complete'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A checkout order as the API returns it: the create body and the fields the service owns. */
export const CheckoutOrderSchema = CheckoutOrderCreateSchema.extend({
  order_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  html_snippet: z.string(),
  started_at: z.string(),
  last_modified_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().optional(),
  selected_shipping_option: ShippingOptionSchema.optional(),
  merchant_requested: MerchantRequestedSchema.optional(),
  /** Always in the answer, `false` when the merchant did not send it, as the reference's read example has it. */
  recurring: z.boolean(),
});
export type CheckoutOrder = z.infer<typeof CheckoutOrderSchema>;

/** The checkout and order management APIs' error body (GAPS.md § Checkout API). */
export const CheckoutErrorSchema = z.object({
  error_code: z.string(),
  error_messages: z.array(z.string()),
  correlation_id: z.string(),
});
export type CheckoutError = z.infer<typeof CheckoutErrorSchema>;

/** What the console lists for each order. */
export const OrderSummarySchema = z.object({
  order_id: z.string(),
  status: z.string(),
  purchase_country: z.string(),
  purchase_currency: z.string(),
  order_amount: z.int(),
  line_count: z.int(),
  /** The order's locale, so a list writes its amount as the order's own pages do. */
  locale: z.string().optional(),
  merchant_reference1: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** The statuses an order is listed with: the API's two, and `expired` and `aborted` as the console shows them. */
export const ORDER_LIST_STATUSES = [
  'checkout_incomplete',
  'checkout_complete',
  'expired',
  'aborted',
] as const;

/** What the console and `GET /test_helpers/checkout/orders` ask for: newest first, one page at a time. */
export const OrderListQuerySchema = z.object({
  /** Only orders with this status (as listed: an expired order is `expired`, not `checkout_incomplete`). */
  status: z.enum(ORDER_LIST_STATUSES).optional(),
  /** How many per page (default 200). */
  limit: z.int().min(1).max(1000).optional(),
  /** The `next_cursor` of the page before. */
  cursor: z.string().min(1).max(200).optional(),
});

/** One page of orders, newest first (sim-defined); `next_cursor` is null on the last page. */
export const OrderListSchema = z.object({
  orders: z.array(OrderSummarySchema),
  next_cursor: z.string().nullable(),
});
export type OrderList = z.infer<typeof OrderListSchema>;
