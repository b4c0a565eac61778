import fc from 'fast-check';
import type { MerchantRequest, ScenarioStep } from '@shared/schemas/scenario.schema';

/*
 * The customer's, the clock's and the back office's moves as fast-check model-based commands. A command's
 * run() writes the scenario step it stands for; the model holds what a step may follow (no pay before an
 * address, no reload before pay), so a journey the simulator would refuse is not written, and fast-check
 * shrinks the list of commands without breaking that order.
 */

/** What the journey has done so far, as the commands see it. */
export interface JourneyModel {
  country: string;
  addressed: boolean;
  completed: boolean;
}

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

const before = (m: JourneyModel) => !m.completed;
const paid = (m: JourneyModel) => m.completed;

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
    // The customer's own country, usually; another now and then (one the merchant may refuse).
    fc.option(fc.constantFrom(...c.countries), { freq: 3 }).map((other) =>
      command(
        `address ${other ?? 'home'}`,
        (m) => ({ address: { test_person: other ?? m.country } }),
        before,
        (m) => {
          m.addressed = true;
        },
      ),
    ),
    fc.constantFrom(...c.countries).map((country) =>
      command(
        `country ${country}`,
        () => ({ country }),
        // A change to the country the customer is already in is refused by the checkout: not a change.
        (m) => before(m) && m.country !== country,
        (m) => {
          m.country = country;
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
        (m) => m.addressed && !m.completed,
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
          (m) => m.addressed && !m.completed,
        ),
      ),
    );
  const advanceArb = fc.constantFrom(...ADVANCES).map((d) =>
    command(
      `advance ${d}`,
      () => ({ advance: d }),
      () => true,
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
