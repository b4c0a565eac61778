import { z } from 'zod';
import { NoInput, OrderIdInput } from './op-inputs';
import {
  AdvanceResultSchema,
  ClockAdvanceSchema,
  ClockSetSchema,
  ClockStateSchema,
} from '../schemas/clock.schema';
import {
  FraudResolveSchema,
  FRAUD_STATUSES,
  NotificationRecordSchema,
  OM_STATUSES,
  OmViewSchema,
} from '../schemas/order-management.schema';
import {
  PushAttemptSchema,
  PushOverviewSchema,
  PushPlanSchema,
  PushTimelineSchema,
} from '../schemas/push.schema';
import { StepAnswerSchema } from '../schemas/customer.schema';

/** The clock as the console shows it: time, mode, speed, and what is due next. */
export const ClockViewSchema = ClockStateSchema.extend({
  next_event_at: z.string().nullable(),
  pending_timers: z.int(),
});
export type ClockView = z.infer<typeof ClockViewSchema>;

/**
 * What bringing the clock back to the computer's time did (sim-defined): the clock now, how far back it went
 * (0 when it was not ahead), and the timers still pending, which keep their simulator times.
 */
export const ClockBackSchema = ClockViewSchema.extend({
  moved_back_ms: z.int(),
  /** One sentence on what it means for the pending timers. */
  message: z.string(),
});
export type ClockBack = z.infer<typeof ClockBackSchema>;

/** What resolving a pending order's fraud status did: the order after it, and the notification. */
export const FraudResolveResultSchema = z.object({
  order: OmViewSchema,
  notification: NotificationRecordSchema,
  /** One sentence: what changed and what the merchant's server was told. */
  message: z.string(),
});
export type FraudResolveResult = z.infer<typeof FraudResolveResultSchema>;

/** Operations after the purchase: the clock, the push timeline, order management state, fraud, upsell. */
export const afterPurchaseOps = {
  'clock.get': { input: NoInput, output: ClockViewSchema },
  'clock.set': { input: ClockSetSchema, output: ClockViewSchema },
  /** Fires what comes due, in due order; in real mode it jumps the clock forward by as much. */
  'clock.advance': { input: ClockAdvanceSchema, output: AdvanceResultSchema },
  /** Brings a clock that is ahead back to the computer's time; pending timers keep their simulator times. */
  'clock.backToNow': { input: NoInput, output: ClockBackSchema },
  'push.plan': { input: NoInput, output: PushPlanSchema },
  'push.timeline': { input: OrderIdInput, output: PushTimelineSchema.nullable() },
  'push.overview': {
    input: z.object({ limit: z.int().min(1).max(1000).optional() }).optional(),
    /** The plan, and the orders not yet acknowledged, soonest next attempt first (exhausted schedules last). */
    output: PushOverviewSchema,
  },
  'om.order.get': { input: OrderIdInput, output: OmViewSchema.nullable() },
  'om.fraud.resolve': {
    input: OrderIdInput.extend(FraudResolveSchema.shape),
    output: FraudResolveResultSchema,
  },
  'upsell.fetch': {
    input: OrderIdInput.extend({ input: z.unknown().optional() }),
    output: StepAnswerSchema,
  },
  'upsell.accept': { input: OrderIdInput.extend({ input: z.unknown() }), output: StepAnswerSchema },
} as const;

/** Events after the purchase, so the console can follow the clock and the timeline live. */
export const afterPurchaseEvents = {
  'clock.changed': ClockViewSchema,
  'push.attempted': PushAttemptSchema,
  'om.order.updated': z.object({
    order_id: z.string(),
    status: z.enum(OM_STATUSES),
    fraud_status: z.enum(FRAUD_STATUSES),
    acknowledged_at: z.string().nullable(),
    order_amount: z.int(),
    captured_amount: z.int(),
    refunded_amount: z.int(),
  }),
  'notification.sent': NotificationRecordSchema.extend({ order_id: z.string() }),
} as const;
