import { z } from 'zod';
import { ArrivalAppliedSchema } from './arrival.schema';
import { NotificationRecordSchema, OM_STATUSES, FRAUD_STATUSES } from './order-management.schema';
import { AppliedFaultSchema, MerchantFaultSchema } from './merchant-faults.schema';

/** Push attempts and the per-order timeline (sim-defined views of the spec's push schedule). */

export const PUSH_OUTCOMES = [
  /** Claimed and being sent; it stays so only if the simulator stopped before the answer. */
  'sending',
  /** Any 2xx: delivered (the schedule still continues until acknowledged). */
  'delivered',
  'bad_status',
  'timeout',
  'unreachable',
  /** Not sent: the production TLS rules refuse the URL or its certificate. */
  'refused',
  /**
   * The simulator stopped (or was killed) after the attempt's request was written to the socket and
   * before its answer was recorded; it is not sent again. (One claimed and never written is sent after
   * the restart instead; one whose answer reached the exchange log reads that answer.)
   */
  'interrupted',
] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];

export const PushAttemptSchema = z.object({
  order_id: z.string(),
  /** 1-based attempt number. */
  number: z.int(),
  due_at: z.string(),
  sent_at: z.string(),
  status: z.int().nullable(),
  duration_ms: z.number().nullable(),
  outcome: z.enum(PUSH_OUTCOMES),
  exchange_id: z.string().nullable(),
  /** Sim-defined: the merchant faults applied with this attempt (absent when none). */
  faults: z.array(MerchantFaultSchema).optional(),
  /**
   * Sim-defined: what a stop of the simulator did to the attempt (absent when nothing): sent late after
   * the restart, its answer read from the exchange log, or interrupted (written, no answer recorded).
   */
  note: z.string().optional(),
});
export type PushAttempt = z.infer<typeof PushAttemptSchema>;

/** One attempt of the plan: when it is (or was) due, and what became of it. */
export const PlannedAttemptSchema = z.object({
  number: z.int(),
  /** Offset from the first attempt, in milliseconds. */
  offset_ms: z.int(),
  due_at: z.string(),
  state: z.enum(['made', 'pending', 'cancelled']),
});

export const PushTimelineSchema = z.object({
  order_id: z.string(),
  status: z.enum(OM_STATUSES),
  fraud_status: z.enum(FRAUD_STATUSES),
  completed_at: z.string(),
  /** Null for orders with nothing to push to (in-person sessions). */
  first_attempt_at: z.string().nullable(),
  /** 48 hours after the first attempt: no attempt is later. */
  window_ends_at: z.string().nullable(),
  push_url: z.string().nullable(),
  planned: z.array(PlannedAttemptSchema),
  attempts: z.array(PushAttemptSchema),
  next_attempt_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  notifications: z.array(NotificationRecordSchema),
  /** Sim-defined: the merchant faults applied after the purchase (push, acknowledgement, notification), oldest first. */
  merchant_faults: z.array(AppliedFaultSchema),
  /** When the authorization expires (the order management order's expires_at). */
  expires_at: z.string(),
  /** Checkout orders: who was to tell the merchant first, push or the confirmation redirect (sim-defined). */
  arrival: ArrivalAppliedSchema.nullable(),
  now: z.string(),
});
export type PushTimeline = z.infer<typeof PushTimelineSchema>;

/** An order awaiting acknowledgement, for the overview. */
export const PushPendingSchema = z.object({
  order_id: z.string(),
  completed_at: z.string(),
  attempts_made: z.int(),
  last_outcome: z.enum(PUSH_OUTCOMES).nullable(),
  last_status: z.int().nullable(),
  /** Null when the schedule is exhausted (48 hours passed without acknowledgement). */
  next_attempt_at: z.string().nullable(),
  next_attempt_number: z.int().nullable(),
});
export type PushPending = z.infer<typeof PushPendingSchema>;

/** The schedule as the spec states it, for the console to draw before any order exists. */
export const PushPlanSchema = z.object({
  description: z.string(),
  first_delay_ms: z.int(),
  offsets_ms: z.array(z.int()),
  window_ms: z.int(),
  max_attempts: z.int(),
});
export type PushPlan = z.infer<typeof PushPlanSchema>;

/**
 * Where a completed order's push stands (sim-defined): acknowledged before any push was sent (none was
 * needed), acknowledged after some attempts, still awaiting, or never acknowledged (its 48 hours are over).
 */
export const PUSH_STATES = [
  'acknowledged_before_push',
  'acknowledged',
  'awaiting',
  'never_acknowledged',
] as const;
export type PushState = (typeof PUSH_STATES)[number];

/** A recently completed order with push, and its push state, for the overview. */
export const PushRecentSchema = PushPendingSchema.extend({
  acknowledged_at: z.string().nullable(),
  state: z.enum(PUSH_STATES),
});
export type PushRecent = z.infer<typeof PushRecentSchema>;

/**
 * `GET /test_helpers/push`: the plan, every order awaiting acknowledgement, and (`recent`, sim-defined) every
 * order with push completed in the last 7 days on the simulator clock, newest first, each with its state.
 */
export const PushOverviewSchema = z.object({
  plan: PushPlanSchema,
  orders: z.array(PushPendingSchema),
  recent: z.array(PushRecentSchema),
});
