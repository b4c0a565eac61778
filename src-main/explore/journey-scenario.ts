import fc from 'fast-check';
import { stringify } from 'yaml';
import { STATE_INVARIANTS, type Invariant } from '@shared/rules/invariants';
import type { Expectation, Scenario, ScenarioOrder } from '@shared/schemas/scenario.schema';
import { startModel, type JourneyModel, type JourneyReal } from './journey-commands';
import { orderBody, type JourneySetup } from './journey-setup';

/** What every journey of a run shares: the bodies to start from, the merchant_urls, what is checked. */
export interface JourneyFrame {
  bodies: Record<string, unknown>[];
  merchantUrls: ScenarioOrder['merchant_urls'];
  invariants: Invariant[];
  expect: Expectation[];
  /** The merchant-state URL the invariants that read the shop's own state are given, if any. */
  merchantState?: string;
  /** Simulator settings the run is explored under (set once for the run), written into each finding. */
  settings?: Scenario['settings'];
}

/** A generated journey as a scenario: fast-check's model run writes its steps, the setup its order and faults. */
export function journeyScenario(
  frame: JourneyFrame,
  setup: JourneySetup,
  cmds: Iterable<fc.Command<JourneyModel, JourneyReal>>,
  name: string,
): Scenario {
  const faults = Object.fromEntries(setup.faults.map((f) => [f, true]));
  // merchant_urls come from the frame (paths on the merchant), never from a body's own example URLs.
  const { merchant_urls: _ignored, ...create } = orderBody(frame.bodies[setup.body]!, setup);
  const real: JourneyReal = { steps: [] };
  fc.modelRun(() => ({ model: startModel(setup.country, offeredCountries(create)), real }), cmds);
  return {
    name,
    order: {
      create,
      ...(frame.merchantUrls ? { merchant_urls: frame.merchantUrls } : {}),
    },
    ...(frame.settings ? { settings: frame.settings } : {}),
    ...(setup.faults.length ? { faults } : {}),
    steps: real.steps,
    expect: [
      ...frame.invariants.map((invariant) =>
        STATE_INVARIANTS.includes(invariant) && frame.merchantState
          ? { invariant, merchant_state: frame.merchantState }
          : { invariant },
      ),
      ...frame.expect,
    ],
  };
}

/** The countries the checkout's country selector offers for an order: its purchase country and shipping_countries. */
export function offeredCountries(create: Record<string, unknown>): string[] {
  const listed = Array.isArray(create.shipping_countries) ? (create.shipping_countries as unknown[]) : [];
  const all = [create.purchase_country, ...listed].filter((c): c is string => typeof c === 'string');
  return [...new Set(all.map((c) => c.toUpperCase()))];
}

/** A finding's scenario file: the journey with only the expectation it broke, headed by how to replay it. */
export function findingYaml(scenario: Scenario, broken: Expectation[], description: string): string {
  const file: Scenario = { ...scenario, description, expect: broken };
  const head = [
    '# yaml-language-server: $schema=../docs/scenario.schema.json',
    '# Found and shrunk by checkout-sim explore; replay it with: checkout-sim run FILE --merchant-url URL',
  ].join('\n');
  return `${head}\n${stringify(file, { lineWidth: 0 })}`;
}
