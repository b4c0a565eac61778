import fc from 'fast-check';
import { parseDuration } from '@shared/rules/duration';
import { ORDER_VALIDITY_MS } from '@shared/rules/order-validity';
import type { MerchantRequest, ScenarioStep } from '@shared/schemas/scenario.schema';

/*
 * The customer's, the clock's and the back office's moves as fast-check model-based commands. A command's
 * run() writes the scenario step it stands for; the model holds what a step may follow (no pay before an
 * address, no reload before pay), so a journey the simulator would refuse is not written, and fast-check
 * shrinks the list of commands without breaking that order.
 */

/** What the journey has done so far, as the commands see it. */
export interface JourneyModel {
  /** The checkout's country, as the journey's steps moved it. */
  country: string;
  /** The countries the order offers (its purchase country and shipping_countries): the country selector's. */
  allowed: readonly string[];
  /** An address is entered in the current country (a country change clears it, as the checkout does). */
  addressed: boolean;
  completed: boolean;
  /** Clock time since the customer's last step, before the purchase: at 48 hours the order is gone. */
  idleMs: number;
}

/** The model a journey starts from: the order's country and the countries it offers, nothing done yet. */
export const startModel = (country: string, allowed: readonly string[]): JourneyModel => ({
  country,
  allowed,
  addressed: false,
  completed: false,
  idleMs: 0,
});

/** The journey being written: its steps in order. */
export interface JourneyReal {
  steps: ScenarioStep[];
}

type Cmd = fc.Command<JourneyModel, JourneyReal>;

/** A command that writes one step; `when` says when it may come, `after` what it changes in the model. */
function command(
  label: string,
  step: (m: JourneyModel) => ScenarioStep,
  when: (m: JourneyModel) => boolean,
  after: (m: JourneyModel) => void = () => {},
): Cmd {
  return {
    check: when,
    run(m, r) {
      r.steps.push(step(m));
      after(m);
    },
    toString: () => label,
  };
}

/** The customer can still act: not paid yet, and the order has not expired while they were away. */
const open = (m: JourneyModel) => !m.completed && m.idleMs < ORDER_VALIDITY_MS;
const paid = (m: JourneyModel) => m.completed;
/** A customer's step: it keeps the order open another 48 hours. */
const interacted = (m: JourneyModel) => {
  m.idleMs = 0;
};

export interface CommandChoices {
  countries: string[];
  shippingOptions: string[];
  arrival: boolean;
  clock: boolean;
  confirmationPath: string;
  backOffice: MerchantRequest[];
}

/** Advances across the push schedule (2 min to the first push; 5, 15, 30, 60 min; every 4 h; 48 h). */
const ADVANCES = ['1m', '2m', '5m', '30m', '4h', '2d'] as const;

/** The arbitraries of every command explore may generate, as the config allows. */
export function commandArbitraries(c: CommandChoices): fc.Arbitrary<Cmd>[] {
  const arbs: fc.Arbitrary<Cmd>[] = [
    // A test person of the checkout's country: the checkout refuses an address in another one (the
    // country step comes first), so other countries' addresses come through country changes.
    fc.constant(
      command(
        'address',
        (m) => ({ address: { test_person: m.country } }),
        open,
        (m) => {
          m.addressed = true;
          interacted(m);
        },
      ),
    ),
    fc.constantFrom(...c.countries).map((country) =>
      command(
        `country ${country}`,
        () => ({ country }),
        // Only a country the order offers, and a change: the checkout refuses the others.
        (m) => open(m) && m.allowed.includes(country) && m.country !== country,
        (m) => {
          m.country = country;
          m.addressed = false;
          interacted(m);
        },
      ),
    ),
    (c.arrival
      ? fc.constantFrom(null, 'redirect_first' as const, 'push_first' as const, 'push_only' as const)
      : fc.constant(null)
    ).map((arrival) =>
      command(
        `pay${arrival ? ` ${arrival}` : ''}`,
        () => ({ complete: arrival ? { arrival } : null }),
        (m) => m.addressed && open(m),
        (m) => {
          m.completed = true;
        },
      ),
    ),
    fc.constant(command('reload confirmation', () => ({ merchant: { path: c.confirmationPath } }), paid)),
  ];
  if (c.shippingOptions.length)
    arbs.push(
      fc.constantFrom(...c.shippingOptions).map((id) =>
        command(
          `shipping ${id}`,
          () => ({ shipping_option: id }),
          (m) => m.addressed && open(m),
          interacted,
        ),
      ),
    );
  const advanceArb = fc.constantFrom(...ADVANCES).map((d) =>
    command(
      `advance ${d}`,
      () => ({ advance: d }),
      () => true,
      (m) => {
        if (!m.completed) m.idleMs += parseDuration(d)!;
      },
    ),
  );
  if (c.clock) arbs.push(advanceArb);
  if (c.backOffice.length)
    arbs.push(
      fc
        .constantFrom(...c.backOffice)
        .map((req) =>
          command(`back office ${req.method ?? 'GET'} ${req.path}`, () => ({ merchant: req }), paid),
        ),
    );
  // Weighted toward the moves a journey needs to get anywhere (an address, pay, time passing): fast-check
  // picks among the arbitraries evenly, so each is listed twice.
  return [...arbs, arbs[0]!, arbs[2]!, ...(c.clock ? [advanceArb] : [])];
}
