import type { PushState } from '../schemas/push.schema';

/**
 * A completed order's push state from what was recorded: acknowledged with no attempt made means the
 * merchant acknowledged before the first push (from its confirmation page, say) and none was needed; not
 * acknowledged with nothing left to send means never acknowledged.
 */
export function pushState(o: {
  acknowledged_at: string | null;
  attempts_made: number;
  next_attempt_at: string | null;
}): PushState {
  if (o.acknowledged_at !== null) return o.attempts_made === 0 ? 'acknowledged_before_push' : 'acknowledged';
  return o.next_attempt_at === null && o.attempts_made > 0 ? 'never_acknowledged' : 'awaiting';
}
