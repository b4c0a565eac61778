import { z } from 'zod';
import { AmountSchema, CountrySchema, CurrencySchema, LocaleSchema, TaxRateSchema } from './common.schema';

/*
 * The shapes of the shipping integrator API (spec: shipping-integrator-api.md, gaps: GAPS.md § "Shipping
 * integrator API"). Each schema's description names the spec section it follows. Two rules run through all:
 * - Requests are loose objects: unknown fields are accepted and kept (GAPS.md § Conventions, forward
 *   compatible); responses are plain objects, so extra fields pass but every listed field is checked.
 * - A field is required when the spec lists it without calling it optional, or says the integrator "must"
 *   send it; fields the spec marks optional, "for pickup types" or "occurs" only are optional.
 * Shapes marked sim-defined are not in the spec; the simulator adds them where the spec says "not shown".
 */

const SPEC = 'shipping-integrator-api.md';
const section = (name: string) => `${SPEC} § ${name}`;

/** Request media types (GAPS.md); the fake integrator also accepts application/json. */
export const INTEGRATOR_MEDIA_TYPES = {
  auth: 'application/vdn.service.shipping.auth-v1+json',
  options: 'application/vdn.service.shipping.get_options-v1+json',
  shipment: 'application/vdn.service.shipping.select_option-v1+json',
} as const;

/** Shipping types, the spec's complete table (§ Shipping option → Shipping types). */
export const SHIPPING_TYPES = [
  'delivery-address',
  'pickup-box',
  'pickup-point',
  'pickup-merchant-store',
  'postal',
  'generic-pickup',
  'generic-shipping',
  'office-delivery',
  'boat-delivery',
  'digital',
  'click-collect',
  'pickup-warehouse',
] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

/** Types whose final option holds a location, so their options carry `locations` (§ Shipping types). */
export const LOCATION_TYPES: readonly ShippingType[] = [
  'pickup-box',
  'pickup-point',
  'pickup-merchant-store',
];

/** Values the spec has seen; the lists are not complete ("not shown beyond those listed"), so not enums. */
export const KNOWN_OPTION_CLASSES = ['standard', 'economy', 'express'] as const;
export const KNOWN_ADDON_CATEGORIES = ['notifications', 'delivery'] as const;
export const KNOWN_ADDON_TYPES = [
  'sms',
  'email',
  'phone-required',
  'entry-code',
  'additional-instructions',
  'leave-outside-door',
  'sustainable-packaging',
] as const;
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

const isoDateTime = z.iso.datetime({ offset: true });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time in HH:MM form');

// ---- Authentication --------------------------------------------------------------------------------

export const AuthRequestSchema = z
  .looseObject({
    identifier: z.string().min(1, 'must not be empty'),
    secret: z.looseObject({
      nonce: z.string().min(1, 'must not be empty'),
      digest: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be the SHA-256 of nonce + key as 64 hexadecimal characters'),
    }),
  })
  .describe(section('Authentication request'));
export type AuthRequest = z.infer<typeof AuthRequestSchema>;

export const AuthResponseSchema = z
  .object({ token: z.string().min(1, 'must not be empty') })
  .describe('GAPS.md § Shipping integrator API: POST /auth → 201 {"token"}');
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const FailureBodySchema = z
  .object({ failure_reason: z.string() })
  .describe('GAPS.md § Shipping integrator API: error body');
export type FailureBody = z.infer<typeof FailureBodySchema>;

// ---- Shipping options request ----------------------------------------------------------------------

/** Every field optional but country: preview calls and location searches send a partial recipient. */
export const RecipientSchema = z
  .looseObject({
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    street_address: z.string().optional(),
    postal_code: z.string().optional(),
    city: z.string().optional(),
    country: CountrySchema,
    phone: z.string().optional(),
    email: z.string().optional(),
    customer_type: z.string().optional(),
  })
  .describe(section('Recipient'));
export type Recipient = z.infer<typeof RecipientSchema>;

/** GAPS.md: weight in grams, dimensions `width`, `height`, `length` in millimetres. */
export const LineAttributesSchema = z
  .looseObject({
    weight: z.int().min(0).optional(),
    dimensions: z
      .looseObject({
        width: z.int().min(0).optional(),
        height: z.int().min(0).optional(),
        length: z.int().min(0).optional(),
      })
      .optional(),
    tags: z.array(z.string()).optional(),
  })
  .describe(section('Order line') + ' → attributes');

export const IntegratorOrderLineSchema = z
  .looseObject({
    type: z.string().min(1),
    reference: z.string().optional(),
    quantity: z.int().min(0),
    unit_price: AmountSchema.optional(),
    tax_rate: TaxRateSchema.optional(),
    total_tax_amount: AmountSchema.optional(),
    total_price_including_tax: AmountSchema.describe('always provided'),
    total_discount_amount: AmountSchema.optional(),
    attributes: LineAttributesSchema.optional(),
  })
  .describe(section('Order line'));
export type IntegratorOrderLine = z.infer<typeof IntegratorOrderLineSchema>;

export const IntegratorOrderSchema = z
  .looseObject({
    id: z.string().optional(),
    total_amount: AmountSchema.describe('always provided'),
    total_tax: AmountSchema.describe('always provided'),
    total_amount_without_shipping_fee: AmountSchema.optional(),
    total_tax_without_shipping_fee: AmountSchema.optional(),
    tags: z.array(z.string()).optional(),
    lines: z.array(IntegratorOrderLineSchema).optional(),
  })
  .describe(section('Order'));
export type IntegratorOrder = z.infer<typeof IntegratorOrderSchema>;

/** What both calls to the integrator (options and shipment) say of the checkout session they serve. */
const SESSION_FIELDS = {
  session_id: z.guid('must be a UUID'),
  locale: LocaleSchema,
  currency: CurrencySchema,
};

/** What both calls say of the parcel: who receives it and what it holds. */
const PARCEL_FIELDS = { recipient: RecipientSchema, order: IntegratorOrderSchema };

export const ShippingOptionsRequestSchema = z
  .looseObject({ ...SESSION_FIELDS, geoblocking: z.boolean(), ...PARCEL_FIELDS })
  .describe(section('Shipping options request'));
export type ShippingOptionsRequest = z.infer<typeof ShippingOptionsRequestSchema>;

// ---- Shipping options response ---------------------------------------------------------------------

export const PeriodSchema = z
  .union([z.object({ always_open: z.literal(true) }), z.object({ open: hhmm, close: hhmm })])
  .describe(section('Location') + ' → operational_hours period');
export type Period = z.infer<typeof PeriodSchema>;

/** `overrides.date` (ISO date → periods) is sim-defined: the spec says date overrides exist, not their shape. */
export const OperationalHoursSchema = z
  .object({
    default: z.array(PeriodSchema).optional(),
    overrides: z
      .object({
        weekday: z.partialRecord(z.enum(WEEKDAY_KEYS), z.array(PeriodSchema)).optional(),
        date: z
          .record(z.iso.date(), z.array(PeriodSchema))
          .optional()
          .describe('sim-defined: periods by ISO date; the spec names date overrides, not their shape'),
      })
      .optional(),
  })
  .refine((h) => h.default !== undefined || h.overrides !== undefined, {
    message: 'must have default periods or overrides (omit the whole object when hours are unknown)',
  })
  .describe(section('Location') + ' → operational_hours');
export type OperationalHours = z.infer<typeof OperationalHoursSchema>;

export const LocationAddressSchema = z.object({
  street_address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: CountrySchema,
});

export const LocationSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    price: AmountSchema,
    address: LocationAddressSchema,
    coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
    operational_hours: OperationalHoursSchema.optional(),
  })
  .describe(section('Location'));
export type Location = z.infer<typeof LocationSchema>;

export const AddonDataSchema = z.looseObject({
  text: z.string().optional(),
  selected: z.boolean().optional(),
});

export const AddonSchema = z
  .object({
    category: z.string().min(1),
    type: z.string().min(1),
    required: z.boolean().optional(),
    default: z.boolean().optional(),
    price: AmountSchema.optional(),
    max_length: z.int().min(1).optional(),
    data: AddonDataSchema.optional(),
  })
  .describe(section('Add-on'));
export type Addon = z.infer<typeof AddonSchema>;

export const FeatureSchema = z
  .object({ class: z.string().min(1), type: z.string().min(1) })
  .describe(section('Shipping option') + ' → features');
export type Feature = z.infer<typeof FeatureSchema>;

export const DayIntervalSchema = z.object({
  interval: z
    .object({ earliest: z.int().min(0), latest: z.int().min(0) })
    .refine((i) => i.earliest <= i.latest, { message: 'earliest must not be after latest' }),
});
export const ExactTimeSchema = z
  .object({
    earliest: isoDateTime.optional(),
    latest: isoDateTime.optional(),
    cutoff: isoDateTime.optional(),
  })
  .refine((t) => t.earliest !== undefined || t.latest !== undefined, {
    message: 'must have earliest and/or latest',
  });
export const DeliveryTimeSchema = z
  .union([DayIntervalSchema, ExactTimeSchema])
  .describe(section('Delivery time') + ': day offsets, or exact ISO 8601 times');
export type DeliveryTime = z.infer<typeof DeliveryTimeSchema>;

/** Sim-defined: the spec says a home delivery "may hold a timeslot"; GAPS.md names `timeslot{id, start, end}`. */
export const TimeslotSchema = z
  .object({ id: z.string().min(1), start: isoDateTime, end: isoDateTime, price: AmountSchema.optional() })
  .describe('sim-defined: GAPS.md delivery_details.timeslot');
export type Timeslot = z.infer<typeof TimeslotSchema>;

export const ShippingOptionSchema = z
  .object({
    id: z.string().min(1),
    type: z.enum(SHIPPING_TYPES),
    carrier: z.string().min(1),
    name: z.string().min(1),
    price: AmountSchema.describe('must include the correct VAT'),
    tax_rate: TaxRateSchema.describe('must be the correct VAT rate'),
    class: z.string().min(1).optional(),
    preview: z.boolean().describe('true on preview options, false on valid options'),
    delivery_time: DeliveryTimeSchema.optional(),
    locations: z.array(LocationSchema).optional(),
    addons: z.array(AddonSchema).optional(),
    features: z.array(FeatureSchema).optional(),
    timeslots: z.array(TimeslotSchema).optional(),
  })
  .refine((o) => !LOCATION_TYPES.includes(o.type) || o.locations !== undefined, {
    message: 'pickup types must carry locations',
    path: ['locations'],
  })
  .describe(section('Shipping option'));
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const ShippingOptionsResponseSchema = z
  .object({ shipping_options: z.array(ShippingOptionSchema) })
  .describe(section('Endpoints') + ' → POST /shippingoptions response');
export type ShippingOptionsResponse = z.infer<typeof ShippingOptionsResponseSchema>;

// ---- Shipments -------------------------------------------------------------------------------------

/** `location` and `timeslot` are sim-defined: the spec says the final option "holds" them, not how. */
export const SelectedShippingOptionSchema = z
  .looseObject({
    id: z.string().min(1),
    name: z.string(),
    type: z.enum(SHIPPING_TYPES),
    class: z.string().optional(),
    carrier: z.string().min(1),
    price: AmountSchema,
    tax_rate: TaxRateSchema,
    addons: z.array(AddonSchema).optional(),
    valid: z.boolean(),
    location: z
      .looseObject({ id: z.string().min(1) })
      .optional()
      .describe('sim-defined: the chosen pickup location; the spec says the option holds it, not how'),
    timeslot: z
      .looseObject({ id: z.string().min(1) })
      .optional()
      .describe('sim-defined: the chosen timeslot; the spec says the option holds it, not how'),
  })
  .describe(section('Selected shipping option'));
export type SelectedShippingOption = z.infer<typeof SelectedShippingOptionSchema>;

export const ShipmentRequestSchema = z
  .looseObject({
    ...SESSION_FIELDS,
    ...PARCEL_FIELDS,
    selected_shipping_option: SelectedShippingOptionSchema,
  })
  .describe(section('Endpoints') + ' → POST /shipment request');
export type ShipmentRequest = z.infer<typeof ShipmentRequestSchema>;

export const CarrierProductSchema = z.object({
  name: z.string().min(1),
  identifier: z.string().min(1),
  addon_identifiers: z.array(z.string()),
});

/** `tracking_id` may be missing or empty while tracking is incomplete (the reason GET /shipment is polled). */
export const ShipmentResponseSchema = z
  .object({
    shipment_id: z.string().min(1),
    selected_shipping_option: z.looseObject({
      carrier: z.string().min(1),
      carrier_product: CarrierProductSchema,
    }),
    shipments: z.array(z.object({ carrier: z.string().min(1), tracking_id: z.string().optional() })),
  })
  .describe(section('Shipment response body'));
export type ShipmentResponse = z.infer<typeof ShipmentResponseSchema>;
