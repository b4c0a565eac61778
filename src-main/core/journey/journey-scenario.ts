import { DEFAULT_SETTINGS } from '@shared/schemas/settings.schema';
import {
  ScenarioSchema,
  type Expectation,
  type Scenario,
  type ScenarioSettings,
  type ScenarioStep,
} from '@shared/schemas/scenario.schema';
import type { MerchantFaultsInput } from '@shared/schemas/merchant-faults.schema';
import { journeyExpectations } from './journey-expect';
import { journeyOrder } from './journey-order';
import type { JourneyRecords } from './journey-records';
import { journeySteps, type Commented } from './journey-steps';

/** A journey as a scenario, and the comments that go beside it in the file. */
export interface JourneyScenario {
  scenario: Scenario;
  steps: Commented<ScenarioStep>[];
  expect: Commented<Expectation>[];
  /** Comments of the top keys (order or in_person, settings, faults). */
  comments: Partial<Record<'order' | 'in_person' | 'settings' | 'faults', string>>;
  /** What the file cannot hold, said at its top. */
  notes: string[];
  /** The merchant to run it against (`--merchant-url`); null for the sample shop. */
  merchantUrl: string | null;
}

/**
 * The settings the customer's steps ran under (or, for an order from before they were kept, the
 * simulator's now) where they differ from the defaults; who tells the merchant first is the complete step's.
 */
function settingsOf(r: JourneyRecords): ScenarioSettings {
  const seen = r.session.state.settings_seen ?? r.settings;
  const out: ScenarioSettings = {};
  for (const key of ['callback_timeout_ms', 'production_tls_rules', 'upsell_enabled'] as const)
    if (seen[key] !== DEFAULT_SETTINGS[key]) Object.assign(out, { [key]: seen[key] });
  return out;
}

/** The faults the order ran under: those on now, and every one applied to it. */
function faultsOf(r: JourneyRecords): MerchantFaultsInput {
  const on = new Set<string>();
  for (const [k, v] of Object.entries(r.faults?.effective ?? {})) if (v) on.add(k);
  for (const a of r.faults?.applied ?? []) on.add(a.fault);
  return Object.fromEntries([...on].sort().map((f) => [f, true]));
}

/** The journey's records as a scenario file's content: pure, the same records give the same file. */
export function journeyScenario(r: JourneyRecords): JourneyScenario {
  const id = r.session.order.order_id;
  const made = journeyOrder(r);
  const { steps, leftOut } = journeySteps(r, made.shop);
  const notes = leftOut.map((l) => `Left out: ${l.text}.`);
  const expect = journeyExpectations(r, leftOut.length === 0, notes);
  const settings = settingsOf(r);
  const faults = faultsOf(r);
  const where = made.shop ? 'the sample shop' : `the merchant at ${made.merchantUrl ?? 'an unknown address'}`;
  const scenario = ScenarioSchema.parse({
    name: `Saved journey of order ${id.slice(0, 8)}`,
    description:
      `Saved on ${r.savedAt.slice(0, 10)} by Checkout Simulator ${r.version} from order ${id}, created ` +
      `${r.session.createdAt.slice(0, 16).replace('T', ' ')} UTC by ${where}. The steps, clock moves, ` +
      'faults and settings are the journey’s; the expectations are what the merchant did then.',
    // The merchant it was saved from, so `checkout-sim run FILE` runs against it (not the sample shop).
    ...(made.merchantUrl ? { merchant_url: made.merchantUrl } : {}),
    order: made.order,
    ...(Object.keys(settings).length ? { settings } : {}),
    ...(Object.keys(faults).length ? { faults } : {}),
    steps: steps.map((s) => s.value),
    expect: expect.map((e) => e.value),
  });
  return {
    scenario,
    steps,
    expect,
    comments: {
      order: made.comment,
      settings: r.session.state.settings_seen
        ? 'the settings the steps ran under, where they differ from the defaults'
        : 'the simulator’s settings when this was saved, where they differ from the defaults',
      faults: 'the merchant faults the order ran under',
    },
    notes,
    merchantUrl: made.merchantUrl,
  };
}
