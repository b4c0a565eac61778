import { addressInput, testPerson } from '@shared/samples/test-people';
import type { ScenarioResult, StepReport } from '@shared/schemas/scenario-report.schema';
import type { Scenario, ScenarioStep } from '@shared/schemas/scenario.schema';
import type { StepName } from '@shared/schemas/session.schema';
import { gather, settleOrder } from './evidence';
import { judge, type Evidence } from './expectations';
import { merchantClient, type MerchantClient } from './merchant-client';
import { advance } from './advance-step';
import { BACK_TO_NOW_PARALLEL, backToNow, runClock, SIM_CLOCK, type RunClock } from './run-clock';
import { createOrder, merchantStep, StepFailed } from './scenario-order';
import { applySettings, restoreSettings, type SettingsBefore } from './scenario-settings';
import type { SimApi } from './sim-api';

export interface ScenarioContext {
  sim: SimApi;
  merchantUrl: string;
  /** The file the scenario came from, as the report names it. */
  file: string;
  /**
   * How long the order's log must stay unchanged (real time) before the next step, so the merchant's
   * reactions (an acknowledgement after a push, made in the background) land at the clock time they
   * belong to; and the most to wait for that.
   */
  settle?: { quietMs: number; maxMs: number };
  /**
   * Run on a test clock of its own (parallel runs): made once the order is, the order bound to it, deleted
   * at the end. The simulator clock is left as it is, so scenarios running beside it do not disturb it.
   */
  ownClock?: boolean;
}

const CUSTOMER_STEPS = {
  country: 'country',
  address: 'address',
  shipping_option: 'shipping_option',
  complete: 'complete',
} as const;

interface StepAnswer {
  step: StepName;
  outcome: string;
  message: string;
  exchange_ids: string[];
  at: string;
  customer_view?: { confirmation?: { url: string; redirect: string } | null };
}

/** Runs one scenario on its own order with the simulator's clock manual, and judges its expectations. */
export async function runScenario(scenario: Scenario, ctx: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const { sim } = ctx;
  const settle = ctx.settle ?? { quietMs: 250, maxMs: 10_000 };
  const merchant = merchantClient(ctx.merchantUrl);
  const steps: StepReport[] = [];
  const customerSteps: Evidence['steps'] = [];
  let orderId: string | null = null;
  let error: string | null = null;
  let clockStart: string | null = null;
  let clockEnd: string | null = null;
  let faultsSet = false;
  let clock = runClock(sim, SIM_CLOCK);
  let ownClock: string | null = null;
  let settingsBefore: SettingsBefore = null;
  // Refused before anything is made: a test clock has no computer's time to go back to (see backToNow).
  if (ctx.ownClock && scenario.steps.some((st) => 'back_to_now' in st))
    return refused(scenario, ctx.file, BACK_TO_NOW_PARALLEL);
  const before = ctx.ownClock
    ? null
    : await sim.ok<{ mode: 'real' | 'manual'; speed: number }>('GET', SIM_CLOCK);
  try {
    if (before) clockStart = (await sim.ok<{ now: string }>('PUT', SIM_CLOCK, { mode: 'manual' })).now;
    settingsBefore = await applySettings(sim, scenario.settings);
    orderId = await createOrder(scenario, ctx, merchant, steps);
    if (ctx.ownClock) {
      const made = await sim.ok<{ clock_id: string; now: string }>('POST', '/test_helpers/test_clocks', {
        name: scenario.name.slice(0, 200),
      });
      ownClock = made.clock_id;
      clock = runClock(sim, `/test_helpers/test_clocks/${encodeURIComponent(ownClock)}`);
      await sim.ok('POST', `/test_helpers/test_clocks/${encodeURIComponent(ownClock)}/bindings`, {
        order_id: orderId,
      });
      clockStart = made.now;
    }
    if (scenario.faults) {
      await sim.ok('PUT', `/test_helpers/checkout/orders/${orderId}/merchant_faults`, {
        faults: scenario.faults,
      });
      faultsSet = true;
    }
    const id = orderId;
    const quiet = () => settleOrder(sim, id, settle);
    for (const step of scenario.steps) {
      const report = await runStep(step, { sim, clock, merchant, orderId: id, quiet, customerSteps });
      steps.push(report);
    }
  } catch (err) {
    error = (err as Error).message;
  }
  let evidence: Evidence = { exchanges: [], push: null, om: null, view: null, steps: customerSteps };
  try {
    if (orderId) evidence = { ...(await gather(sim, orderId)), steps: customerSteps };
    clockEnd = (await clock.view()).now;
  } catch (err) {
    error ??= (err as Error).message;
  } finally {
    await restore(sim, { orderId: faultsSet ? orderId : null, before, ownClock })
      .then(() => restoreSettings(sim, settingsBefore))
      .catch((err: Error) => {
        error ??= `could not restore the simulator: ${err.message}`;
      });
  }
  const expectations = scenario.expect.map((e) => judge(e, evidence));
  return {
    name: scenario.name,
    file: ctx.file,
    order_id: orderId,
    passed: error === null && expectations.every((e) => e.passed),
    error,
    duration_ms: Date.now() - started,
    clock_started_at: clockStart,
    clock_ended_at: clockEnd,
    steps,
    expectations,
    exchanges: evidence.exchanges,
    push: evidence.push,
  };
}

/**
 * Switches the scenario's faults off again and gives the simulator clock back its mode and speed, or
 * deletes the scenario's own clock (what was bound to it goes back to the simulator clock).
 */
export async function restore(
  sim: SimApi,
  o: {
    orderId: string | null;
    before: { mode: 'real' | 'manual'; speed: number } | null;
    ownClock: string | null;
  },
): Promise<void> {
  if (o.orderId)
    await sim.ok('PUT', `/test_helpers/checkout/orders/${o.orderId}/merchant_faults`, { faults: null });
  if (o.ownClock) await sim.ok('DELETE', `/test_helpers/test_clocks/${encodeURIComponent(o.ownClock)}`);
  if (o.before?.mode === 'real') await sim.ok('PUT', SIM_CLOCK, { mode: 'real', speed: o.before.speed });
}

/** A scenario refused before its first step: failed, nothing made, the reason as its error. */
export function refused(scenario: Scenario, file: string, error: string): ScenarioResult {
  return {
    name: scenario.name,
    file,
    order_id: null,
    passed: false,
    error,
    duration_ms: 0,
    clock_started_at: null,
    clock_ended_at: null,
    steps: [],
    expectations: [],
    exchanges: [],
    push: null,
  };
}

interface StepEnv {
  sim: SimApi;
  clock: RunClock;
  merchant: MerchantClient;
  orderId: string;
  quiet: () => Promise<void>;
  customerSteps: Evidence['steps'];
}

async function runStep(step: ScenarioStep, env: StepEnv): Promise<StepReport> {
  const { sim, orderId } = env;
  if ('advance' in step) return advance(step.advance, env.clock, env.quiet, orderId);
  if ('back_to_now' in step) return backToNow(env.sim, env.clock, env.quiet);
  if ('merchant' in step) {
    const [report] = await merchantStep(env.clock, env.merchant, step.merchant, orderId);
    await env.quiet();
    return report;
  }
  if ('fraud_status' in step) {
    const at = (await env.clock.view()).now;
    const r = await sim.ok<{ message: string; notification: { exchange_id: string | null } | null }>(
      'POST',
      `/test_helpers/orders/${orderId}/fraud_status`,
      { fraud_status: step.fraud_status },
    );
    await env.quiet();
    const ids = r.notification?.exchange_id ? [r.notification.exchange_id] : [];
    return {
      text: `fraud review: ${step.fraud_status}`,
      at,
      outcome: step.fraud_status,
      message: r.message,
      exchange_ids: ids,
    };
  }
  const [key, input, text] = customerInput(step);
  const r = await sim.call('POST', `/test_helpers/checkout/orders/${orderId}/${CUSTOMER_STEPS[key]}`, input);
  const answer = r.body as StepAnswer & { error_messages?: string[] };
  if (r.status !== 200) {
    throw new StepFailed(`${text} answered ${r.status}: ${(answer.error_messages ?? []).join('; ')}`);
  }
  env.customerSteps.push({ name: answer.step, outcome: answer.outcome, exchange_ids: answer.exchange_ids });
  await env.quiet();
  let message = answer.message;
  const confirmation = answer.customer_view?.confirmation;
  // The customer's browser follows the redirect to the merchant's confirmation page, as a real one would.
  if (answer.outcome === 'completed' && confirmation && confirmation.redirect !== 'never') {
    const page = await env.merchant.send({ path: confirmation.url }, orderId);
    message += ` The browser went to the confirmation page: ${page.status}.`;
    await env.quiet();
  }
  return { text, at: answer.at, outcome: answer.outcome, message, exchange_ids: answer.exchange_ids };
}

function customerInput(step: ScenarioStep): [keyof typeof CUSTOMER_STEPS, unknown, string] {
  if ('country' in step) return ['country', { country: step.country }, `country: ${step.country}`];
  if ('address' in step) {
    const a = step.address;
    if ('test_person' in a)
      return [
        'address',
        { billing_address: addressInput(testPerson(a.test_person)) },
        `address: a test person in ${a.test_person}`,
      ];
    return [
      'address',
      a,
      `address: ${a.billing_address.postal_code ?? ''} ${a.billing_address.country ?? ''}`.trim(),
    ];
  }
  if ('shipping_option' in step) {
    const o = step.shipping_option;
    const input = typeof o === 'string' ? { id: o } : o;
    return ['shipping_option', input, `shipping option: ${input.id}`];
  }
  if ('complete' in step) {
    const c = step.complete ?? {};
    const how = [c.fraud_status, c.arrival].filter(Boolean).join(', ');
    return ['complete', c, `pay${how ? ` (${how})` : ''}`];
  }
  throw new StepFailed(`unknown step ${JSON.stringify(step)}`);
}
