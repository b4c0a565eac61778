import { z } from 'zod';
import { NoInput } from './op-inputs';
import { DeviceAddSchema, DeviceSchema, SessionSchema, TERMINAL_ACTIONS } from '../schemas/ipp.schema';

/** A device with the session its terminal shows (null when idle): one terminal panel of the console. */
export const DeviceViewSchema = DeviceSchema.extend({ open_session: SessionSchema.nullable() });
export type DeviceView = z.infer<typeof DeviceViewSchema>;

/** Console operations of in-person payments: the devices, their sessions, and the customer at the terminal. */
export const ippOps = {
  'ipp.devices.list': { input: NoInput, output: z.array(DeviceViewSchema) },
  'ipp.devices.add': { input: DeviceAddSchema, output: DeviceSchema },
  /** Deregisters a device, as the API's DELETE does: refused while a session is open on it. */
  'ipp.devices.remove': {
    input: z.object({ device_id: z.string().min(1) }),
    output: z.object({ removed: z.string() }),
  },
  'ipp.sessions.list': {
    input: z
      .object({ device_id: z.string().min(1).optional(), limit: z.int().min(1).max(1000).optional() })
      .optional(),
    /** Newest first, each with its history. */
    output: z.array(SessionSchema),
  },
  'ipp.session.get': {
    input: z.object({ session_id: z.string().min(1) }),
    output: SessionSchema.nullable(),
  },
  'ipp.terminal.action': {
    input: z.object({
      session_id: z.string().min(1),
      action: z.enum(TERMINAL_ACTIONS),
      /** Why the card was declined (decline only). */
      reason: z.string().min(1).max(200).optional(),
    }),
    output: SessionSchema,
  },
} as const;

/** Events of in-person payments: every session change (creation included) and device changes. */
export const ippEvents = {
  'ipp.session.updated': SessionSchema,
  'ipp.device.changed': z.object({ device_id: z.string(), change: z.enum(['added', 'updated', 'removed']) }),
} as const;
