import { z } from 'zod';
import { ClockAdvanceSchema, FiredSchema } from './clock.schema';

/**
 * Test clocks (sim-defined, after Stripe's): clocks of their own beside the simulator clock, moved only by
 * hand. An order (its checkout order and its order-management order) or an in-person session bound to one
 * sees that clock's time and its timers fire only when that clock is advanced.
 */
export const TEST_CLOCK_BOUND_KINDS = ['order', 'ipp_session'] as const;

/** Body of `POST /test_helpers/test_clocks`. */
export const TestClockCreateSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty').max(200).optional(),
  /** Where the clock starts (ISO 8601); by default the simulator clock's time now. */
  frozen_time: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
});
export type TestClockCreate = z.infer<typeof TestClockCreateSchema>;

const ClockId = z.string().min(1, 'must not be empty').max(100);

/** The fields of an advance (the contract's input: its routes document the fields, path beside body). */
export const TestClockAdvanceFieldsSchema = z.strictObject({ clockId: ClockId, ...ClockAdvanceSchema.shape });

/** `POST /test_helpers/test_clocks/{clock_id}/advance`: the simulator clock's advance body. */
export const TestClockAdvanceSchema = TestClockAdvanceFieldsSchema.refine(
  (v) => (v.seconds === undefined) !== (v.until === undefined),
  {
    message: 'give exactly one of seconds (a number) or until ("next_event")',
  },
);

export const TestClockBindFieldsSchema = z.strictObject({
  clockId: ClockId,
  order_id: z.string().min(1, 'must not be empty').max(200).optional(),
  session_id: z.string().min(1, 'must not be empty').max(200).optional(),
});

/** `POST /test_helpers/test_clocks/{clock_id}/bindings`: what to bind, by its id, after its creation. */
export const TestClockBindSchema = TestClockBindFieldsSchema.refine(
  (v) => (v.order_id === undefined) !== (v.session_id === undefined),
  {
    message: 'give exactly one of order_id (a checkout order) or session_id (an in-person session)',
  },
);
export type TestClockBind = z.infer<typeof TestClockBindSchema>;

export const TestClockBindingSchema = z.object({
  kind: z.enum(TEST_CLOCK_BOUND_KINDS),
  /** The order's or the session's id. */
  id: z.string(),
  bound_at: z.string(),
});

export const TestClockViewSchema = z.object({
  clock_id: z.string(),
  name: z.string().nullable(),
  /** The clock's time, ISO 8601. */
  now: z.string(),
  created_at: z.string(),
  /** When its next timer is due, or null when it has none. */
  next_event_at: z.string().nullable(),
  pending_timers: z.int(),
  bound: z.array(TestClockBindingSchema),
});
export type TestClockView = z.infer<typeof TestClockViewSchema>;

export const TestClockAdvanceResultSchema = TestClockViewSchema.extend({
  /** In due order; at most FIRED_LIST_LIMIT entries (fired_total counts them all). */
  fired: z.array(FiredSchema),
  fired_total: z.int(),
});
export type TestClockAdvanceResult = z.infer<typeof TestClockAdvanceResultSchema>;

export const TestClockListSchema = z.object({ test_clocks: z.array(TestClockViewSchema) });
