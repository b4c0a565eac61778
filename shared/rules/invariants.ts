/**
 * The built-in invariants of `checkout-sim explore` (sim-defined), by name: each is something a merchant's
 * integration must never do, observable from what the simulator records. A scenario file states one with
 * the `invariant` expectation, which is how a finding of explore replays with `checkout-sim run`.
 */
export const INVARIANTS = [
  'no_server_errors',
  'callback_conformance',
  'acknowledged',
  'no_refused_calls',
  'one_merchant_reference',
  'one_merchant_order',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

/** Each invariant in one sentence: what the merchant must do (reports, the console, docs/explore.md). */
export const INVARIANT_TEXT: Record<Invariant, string> = {
  callback_conformance:
    'every answer to a callback follows the spec, within its time limit (a 5xx is no_server_errors’; the authentication rule of http:// URLs aside)',
  no_server_errors:
    'no 5xx from the merchant to any callback, push (a duplicate, a late one, one for an unknown order) or page (the confirmation page, a reload)',
  acknowledged:
    'every completed order is acknowledged before push gives up; when acknowledgements are lost, the merchant acknowledges again at each push',
  no_refused_calls:
    'no call of the merchant’s to the provider API is refused (READ_ONLY_ORDER, NOT_ALLOWED, …)',
  one_merchant_reference:
    'one order is never given two different merchant references (two orders of the shop’s own for one purchase)',
  one_merchant_order:
    'the merchant-state URL counts exactly one shop order for a completed order the merchant was told of (0: a lost order, 2 or more: a duplicate), never more than one before',
};

/**
 * The invariants that read the merchant's own state and so need a merchant-state URL (explore's
 * `merchant_state_url`, a scenario's `merchant_state`): left out of the defaults when none is given.
 */
export const STATE_INVARIANTS: readonly Invariant[] = ['one_merchant_order'];
