import { z } from 'zod';

/**
 * The simulator clock (sim-defined): one clock drives every timer. `real` runs at `speed` × wall time
 * (1 is real time, more is faster); `manual` stands still until advanced.
 */
export const CLOCK_MODES = ['real', 'manual'] as const;
export type ClockMode = (typeof CLOCK_MODES)[number];

export const MAX_CLOCK_SPEED = 100_000;

export const ClockStateSchema = z.object({
  /** The simulator's time, ISO 8601. */
  now: z.string(),
  mode: z.enum(CLOCK_MODES),
  speed: z.number(),
});
export type ClockState = z.infer<typeof ClockStateSchema>;

/** Body of `PUT /test_helpers/clock`: `{"mode":"manual"}`, `{"mode":"real","speed":60}`, or just a speed. */
export const ClockSetSchema = z
  .strictObject({
    mode: z.enum(CLOCK_MODES).optional(),
    speed: z
      .number()
      .min(1, 'must be at least 1 (use manual mode to stop the clock)')
      .max(MAX_CLOCK_SPEED)
      .optional(),
  })
  .refine((v) => v.mode !== undefined || v.speed !== undefined, {
    message: 'give mode, speed or both',
  });
export type ClockSet = z.infer<typeof ClockSetSchema>;

/** Ten years: further than any timer the simulator sets. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

/** Body of `POST /test_helpers/clock/advance`: `{"seconds": N}` or `{"until": "next_event"}`. */
export const ClockAdvanceSchema = z
  .strictObject({
    seconds: z.number().positive('must be more than 0').max(MAX_ADVANCE_SECONDS).optional(),
    until: z.literal('next_event').optional(),
  })
  .refine((v) => (v.seconds === undefined) !== (v.until === undefined), {
    message: 'give exactly one of seconds (a number) or until ("next_event")',
  });
export type ClockAdvance = z.infer<typeof ClockAdvanceSchema>;

/** One timer that fired. */
export const FiredSchema = z.object({
  kind: z.string(),
  order_id: z.string().nullable(),
  /** What the timer was about when not an order (an in-person session, a shipment, …). */
  subject: z.string().nullable(),
  /** Its due time: when it fired on the simulator clock. */
  at: z.string(),
});
export type Fired = z.infer<typeof FiredSchema>;

/** Fired lists are capped so that advancing over thousands of orders still answers briefly. */
export const FIRED_LIST_LIMIT = 1000;

export const AdvanceResultSchema = ClockStateSchema.extend({
  /** In due order; at most FIRED_LIST_LIMIT entries (fired_total counts them all). */
  fired: z.array(FiredSchema),
  fired_total: z.int(),
  /** When the next pending timer is due, or null when none is left. */
  next_event_at: z.string().nullable(),
});
export type AdvanceResult = z.infer<typeof AdvanceResultSchema>;
