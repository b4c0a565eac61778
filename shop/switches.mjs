// Misbehaviour switches: ways to make this shop answer the checkout badly on purpose, so a developer can
// see what a customer (and the simulator's log) shows when a merchant gets it wrong.
// They live in memory, all off at start; GET /switches shows the form, POST /switches saves it.

/** Every switch, with the one line the form shows about what a merchant would see. */
export const SWITCHES = [
  {
    key: 'slow',
    label: 'Slow callbacks',
    explain:
      'address_update, country_change and shipping_option_update answer after the delay below. Past the ' +
      '10 s limit the checkout drops the answer and the customer sees a generic error.',
  },
  {
    key: 'failAddress',
    label: 'Fail address_update',
    explain: 'address_update answers 500: the purchase stops with a generic error, the address is not taken.',
  },
  {
    key: 'wrongArithmetic',
    label: 'Wrong arithmetic',
    explain:
      'shipping_option_update answers an order_amount off by one: the checkout refuses the cart, so the ' +
      'chosen option and its fee never reach the order.',
  },
  {
    key: 'neverAcknowledge',
    label: 'Never acknowledge',
    explain:
      'Push and the confirmation page do not acknowledge the order: pushes keep coming on the retry ' +
      'schedule (5, 15, 30, 60 minutes, then every 4 hours for 48 hours).',
  },
  {
    key: 'limitedStock',
    label: 'Limited stock',
    explain:
      'The stock counts down with each purchase from the catalogue’s figures (8 mugs, 5 candles, …): a ' +
      'sold-out product cannot be added, and validation refuses a cart asking for more than is left. ' +
      'Switching it on starts the count again. Off, the warehouse always has more.',
  },
  {
    key: 'soldOut',
    label: 'Sold out',
    explain:
      'validation refuses every purchase as out of stock: the customer stays in the checkout and reads ' +
      'the refusal text.',
  },
];

/** The delay of "Slow callbacks" when none is given: just past the checkout's 10 s limit. */
export const DEFAULT_SLOW_SECONDS = 12;

/** A fresh set of switches, all off. */
export function createSwitches() {
  const state = { slowSeconds: DEFAULT_SLOW_SECONDS };
  for (const s of SWITCHES) state[s.key] = false;
  return state;
}

/**
 * Applies a submitted form (URLSearchParams): a checkbox is on when present. The delay accepts
 * fractions of a second, so a test can use 0.2 s instead of waiting 12.
 */
export function applySwitchForm(switches, form) {
  for (const s of SWITCHES) switches[s.key] = form.has(s.key);
  const seconds = Number(form.get('slowSeconds'));
  switches.slowSeconds =
    Number.isFinite(seconds) && seconds >= 0 && seconds <= 120 ? seconds : DEFAULT_SLOW_SECONDS;
}

/** The labels of the switches that are on, for the banner on every page. */
export function switchesOn(switches) {
  return SWITCHES.filter((s) => switches[s.key]).map((s) =>
    s.key === 'slow' ? `${s.label} (${switches.slowSeconds} s)` : s.label,
  );
}
