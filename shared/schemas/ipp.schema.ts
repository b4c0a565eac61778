import { z } from 'zod';
import { AmountSchema, CurrencySchema } from './common.schema';
import { OrderLineSchema } from './checkout-order.schema';

/** In-person payments (`/ipp/v1`): registered devices and the payment sessions sent to them. */

export const DEVICE_PLATFORMS = ['android', 'ios', 'other'] as const;

const metadata = z.record(z.string(), z.unknown());

export const DeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.string(),
  location_id: z.string().nullable(),
  metadata,
});
export type Device = z.infer<typeof DeviceSchema>;

/** Body of `PUT /ipp/v1/devices/{id}`: replaces all three; a field left out is cleared. */
export const DeviceUpdateSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty').max(255),
  metadata: metadata.optional(),
  location_id: z.string().min(1, 'must not be empty').max(255).nullable().optional(),
});
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

/** A device registered from the console. */
export const DeviceAddSchema = DeviceUpdateSchema.extend({ platform: z.enum(DEVICE_PLATFORMS) });
export type DeviceAdd = z.infer<typeof DeviceAddSchema>;

export const DevicePageSchema = z.object({
  content: z.array(DeviceSchema),
  page_size: z.int(),
  next_cursor: z.string().nullable(),
});

export const OPEN_STATUSES = ['CREATED', 'ACTIVE'] as const;
export const FINAL_STATUSES = ['FINALIZED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export const SESSION_STATUSES = [...OPEN_STATUSES, ...FINAL_STATUSES] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** What caused a status change; `terminal.*` are the customer's actions on the device. */
export const SESSION_CAUSES = [
  'api.create',
  'api.cancel',
  'terminal.tap_card',
  'terminal.decline',
  'terminal.wrong_pin',
  'terminal.walk_away',
  'clock.expiry',
] as const;
export type SessionCause = (typeof SESSION_CAUSES)[number];

export const TERMINAL_ACTIONS = ['tap_card', 'decline', 'wrong_pin', 'walk_away'] as const;
export type TerminalAction = (typeof TERMINAL_ACTIONS)[number];

/** Items are shaped like checkout order lines and checked with the same arithmetic. */
export const SessionItemSchema = OrderLineSchema;

/** Body of `POST /ipp/v1/sessions`. */
export const SessionCreateSchema = z.strictObject({
  device_id: z.string().min(1, 'must not be empty'),
  order_amount: AmountSchema.min(0),
  order_tax_amount: AmountSchema,
  purchase_currency: CurrencySchema,
  order_items: z.array(SessionItemSchema).min(1, 'must hold at least one item').max(1000),
  merchant_reference1: z.string().max(255).optional(),
  merchant_data: z.string().max(6000).optional(),
});
export type SessionCreate = z.infer<typeof SessionCreateSchema>;

export const SessionHistoryEntrySchema = z.object({
  status: z.enum(SESSION_STATUSES),
  at: z.string(),
  cause: z.enum(SESSION_CAUSES),
  detail: z.string().optional(),
});
export type SessionHistoryEntry = z.infer<typeof SessionHistoryEntrySchema>;

/** A session as the API returns it (and the console's `ipp.session.updated` event carries). */
export const SessionSchema = z.object({
  session_id: z.string(),
  device_id: z.string(),
  status: z.enum(SESSION_STATUSES),
  order_amount: z.int(),
  order_tax_amount: z.int(),
  purchase_currency: z.string(),
  order_items: z.array(SessionItemSchema),
  merchant_reference1: z.string().optional(),
  merchant_data: z.string().optional(),
  pin_attempts: z.int(),
  failure_reason: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  history: z.array(SessionHistoryEntrySchema),
});
export type Session = z.infer<typeof SessionSchema>;

/** RFC 7807 problem details, with the field errors this API adds. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
