import { z } from 'zod';
import { STREET_FIELDS } from './checkout-order.schema';

/**
 * Order management's `selected_shipping_option`: the official order management schema's
 * `SelectedShippingOptionDto` (method, type, carrier, class, location, timeslot, carrier_product,
 * tms_reference, selected_addons), which is not the checkout API's option shape (`shipping_method`,
 * `preselected`, …). See docs/conformance.md.
 */

const LocationAddressSchema = z.object({ ...STREET_FIELDS, country: z.string().optional() });

export const OmShippingLocationSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  price: z.int().optional(),
  address: LocationAddressSchema.optional(),
});

export const OmTimeslotSchema = z.object({
  id: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  cutoff: z.string().optional(),
  price: z.int().optional(),
});

export const OmAddonSchema = z.object({
  type: z.string(),
  price: z.int(),
  external_id: z.string().optional(),
  user_input: z.string().optional(),
});

export const OmSelectedShippingOptionSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  /** The checkout's shipping method (`Home`, `PickUpPoint`, …). */
  method: z.string().optional(),
  /** The shipping assistant's option type (`delivery-address`, `pickup-point`, …); absent on merchant options. */
  type: z.string().optional(),
  carrier: z.string().optional(),
  class: z.string().optional(),
  price: z.int().optional(),
  tax_amount: z.int().optional(),
  tax_rate: z.int().optional(),
  location: OmShippingLocationSchema.optional(),
  timeslot: OmTimeslotSchema.optional(),
  carrier_product: z.object({ identifier: z.string().optional(), name: z.string().optional() }).optional(),
  /** The integrator's shipment id. */
  tms_reference: z.string().optional(),
  selected_addons: z.array(OmAddonSchema).optional(),
});
export type OmSelectedShippingOption = z.infer<typeof OmSelectedShippingOptionSchema>;
