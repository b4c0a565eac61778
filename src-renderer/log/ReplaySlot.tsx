import { type Exchange } from '@shared/schemas/exchange.schema';

/**
 * REPLAY GOES HERE. The place for the side panel's "Replay" action, kept empty until the simulator has
 * the control operation `exchanges.replay` (input `{exchangeId, url?, headers?, body?}`), which is being
 * built separately. Once it exists: a button that invokes it for `exchange.id` (optionally with an edited
 * URL, headers and body), then selects the new exchange it records. It renders nothing meanwhile, so the
 * console offers no action it cannot perform.
 */
export function ReplaySlot(_props: { exchange: Exchange }) {
  return null;
}
