import { z } from 'zod';

/**
 * Who tells the merchant first that the purchase completed (spec: "push and the confirmation redirect are
 * equally authoritative and either may arrive first"):
 * - `redirect_first`: as the spec schedules it, the browser goes to the confirmation page at once and the
 *   first push follows about two minutes later;
 * - `push_first`: the first push is sent, and answered, before the browser is redirected;
 * - `push_only`: the customer never arrives (the tab was closed): no redirect, only push tells the merchant.
 */
export const ARRIVAL_MODES = ['redirect_first', 'push_first', 'push_only'] as const;
export const ArrivalModeSchema = z.enum(ARRIVAL_MODES);
export type ArrivalMode = z.infer<typeof ArrivalModeSchema>;

export const ARRIVAL_LABELS: Record<ArrivalMode, string> = {
  redirect_first: 'Redirect first (as the spec schedules it)',
  push_first: 'Push first, then the redirect',
  push_only: 'The customer never arrives (push only)',
};

/** The order's own choice, set from the console or `/test_helpers` before the purchase (null: the setting). */
export const ArrivalChoiceSchema = z.object({ mode: ArrivalModeSchema.nullable() });

/** What applied at completion, kept on the session. */
export const ArrivalAppliedSchema = z.object({
  mode: ArrivalModeSchema,
  /** Whether the order's own choice or the simulator-wide setting decided. */
  from: z.enum(['order', 'setting']),
});
export type ArrivalApplied = z.infer<typeof ArrivalAppliedSchema>;
