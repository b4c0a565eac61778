import { z } from 'zod';

/*
 * Merchant faults (sim-defined): ways the simulated service misbehaves towards the merchant's server on
 * purpose, each a real HTTP request (or a real lack of one) that a merchant's integration must survive.
 * They are switched on for all orders (the setting) or for one order (its own set, which then replaces
 * the setting for it), and every one applied is recorded on the exchange it concerns (`fault`), on the
 * push timeline where it concerns push, and in the order's list of applied faults.
 */

export const MERCHANT_FAULTS = [
  /** Each push attempt is sent twice: the same request again as soon as the first is answered. */
  'duplicate_push',
  /** Acknowledging stops the schedule, but one more push is sent right after it. */
  'push_after_ack',
  /** With the first attempt, a push for an order id the merchant has never seen (a fresh UUID in the URL). */
  'push_unknown_order',
  /**
   * The service loses the merchant's acknowledgements (answered 204 all the same): push goes on to the
   * end of its 48 hours and gives up with the order never acknowledged.
   */
  'push_gives_up',
  /** `notification` is delivered twice. */
  'duplicate_notification',
  /** Each in-session update callback is sent twice at the same moment; the first request's answer applies. */
  'concurrent_callbacks',
  /** After an update callback is answered, the order's callback before it arrives again, late. */
  'late_callback',
  /**
   * A slow in-session callback is abandoned at the time limit (time-out, the purchase fails or, for
   * validation, goes on) while the request stays open at the merchant, whose late answer is ignored.
   */
  'abandon_slow_callback',
] as const;
export const MerchantFaultSchema = z.enum(MERCHANT_FAULTS);
export type MerchantFault = z.infer<typeof MerchantFaultSchema>;

/** Each fault's name as the console shows it. */
export const MERCHANT_FAULT_LABELS: Record<MerchantFault, string> = {
  duplicate_push: 'Duplicate push',
  push_after_ack: 'A push after the acknowledgement',
  push_unknown_order: 'A push for an unknown order',
  push_gives_up: 'Lost acknowledgements: push gives up at 48 h',
  duplicate_notification: 'Notification delivered twice',
  concurrent_callbacks: 'Update callbacks sent twice at once',
  late_callback: 'An earlier callback arriving late',
  abandon_slow_callback: 'A slow callback abandoned at the time limit',
};

/** What each fault does, in one sentence for the console and the documentation. */
export const MERCHANT_FAULT_TEXT: Record<MerchantFault, string> = {
  duplicate_push: 'every push attempt is sent twice, the second as soon as the first is answered',
  push_after_ack: 'one more push is sent right after the order is acknowledged',
  push_unknown_order: 'with the first push, a push for an order your server has never seen',
  push_gives_up:
    'acknowledgements are lost (still answered 204): push goes on for 48 hours, then gives up unacknowledged',
  duplicate_notification: 'notification is delivered twice',
  concurrent_callbacks:
    'each address_update, country_change and shipping_option_update is sent twice at once',
  late_callback: 'after an update callback is answered, the one before it arrives again',
  abandon_slow_callback:
    'a callback slower than the time limit is abandoned while your server is still working on it',
};

/** Named sets of faults, to switch on together (`scenario` in a PUT). */
export const MERCHANT_FAULT_SCENARIOS = {
  /** Push as an at-least-once delivery really behaves. */
  at_least_once_push: ['duplicate_push', 'push_after_ack', 'push_unknown_order'],
  /** The service forgets: acknowledgements lost, notifications repeated. */
  forgetful_service: ['push_gives_up', 'duplicate_notification'],
  /** In-session callbacks racing each other. */
  racing_callbacks: ['concurrent_callbacks', 'late_callback'],
  /** The service gives up on a slow merchant at its time limit. */
  impatient_service: ['abandon_slow_callback'],
} as const satisfies Record<string, readonly MerchantFault[]>;
export type MerchantFaultScenario = keyof typeof MERCHANT_FAULT_SCENARIOS;
export const SCENARIO_NAMES = Object.keys(MERCHANT_FAULT_SCENARIOS) as [
  MerchantFaultScenario,
  ...MerchantFaultScenario[],
];

const switches = Object.fromEntries(MERCHANT_FAULTS.map((f) => [f, z.boolean()])) as Record<
  MerchantFault,
  z.ZodBoolean
>;

/** Sim-defined: one set of merchant faults, each switch on or off. */
export const MerchantFaultsSchema = z
  .object(switches)
  .describe('sim-defined: merchant faults, each switch on or off');
export type MerchantFaults = z.infer<typeof MerchantFaultsSchema>;

export const NO_MERCHANT_FAULTS: MerchantFaults = Object.freeze(
  Object.fromEntries(MERCHANT_FAULTS.map((f) => [f, false])) as MerchantFaults,
);

/**
 * A new set: it replaces the whole set, switches left out are off; `scenario` switches on its faults
 * beside the ones given (a switch given false stays off).
 */
export const MerchantFaultsInputSchema = z.strictObject({
  scenario: z.enum(SCENARIO_NAMES).optional(),
  ...(Object.fromEntries(MERCHANT_FAULTS.map((f) => [f, z.boolean().optional()])) as Record<
    MerchantFault,
    z.ZodOptional<z.ZodBoolean>
  >),
});
export type MerchantFaultsInput = z.infer<typeof MerchantFaultsInputSchema>;

/** The set an input makes: its scenario's faults, then the switches it gives. */
export function faultsFrom(input: MerchantFaultsInput): MerchantFaults {
  const on = new Set<MerchantFault>(input.scenario ? MERCHANT_FAULT_SCENARIOS[input.scenario] : []);
  const out = { ...NO_MERCHANT_FAULTS };
  for (const f of MERCHANT_FAULTS) out[f] = input[f] ?? on.has(f);
  return out;
}

/** Sim-defined: one fault as it was applied to an order. */
export const AppliedFaultSchema = z
  .object({
    fault: MerchantFaultSchema,
    at: z.string(),
    /** The push attempt it concerns (push faults only). */
    attempt: z.int().optional(),
    /** The exchanges it made (none when the fault is something the service did not do). */
    exchange_ids: z.array(z.string()),
    /** What happened, in one sentence. */
    note: z.string(),
  })
  .describe('sim-defined: a merchant fault applied to an order');
export type AppliedFault = z.infer<typeof AppliedFaultSchema>;

/** Sim-defined: an order's faults: its own set (or none), the setting, what applies, and what was applied. */
export const OrderMerchantFaultsSchema = z
  .object({
    order_id: z.string(),
    /** The order's own set; null when the setting applies to it. */
    own: MerchantFaultsSchema.nullable(),
    setting: MerchantFaultsSchema,
    /** What applies to the order now: its own set, else the setting. */
    effective: MerchantFaultsSchema,
    /** Every fault applied to the order so far, oldest first. */
    applied: z.array(AppliedFaultSchema),
  })
  .describe("sim-defined: an order's merchant faults");
export type OrderMerchantFaults = z.infer<typeof OrderMerchantFaultsSchema>;
