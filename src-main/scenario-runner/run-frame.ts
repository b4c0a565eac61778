import type { ScenarioResult, StepReport } from '@shared/schemas/scenario-report.schema';
import type { Scenario, ScenarioStep } from '@shared/schemas/scenario.schema';
import { settleOrder } from './evidence';
import { judge, type Evidence } from './expectations';
import { BACK_TO_NOW_PARALLEL, runClock, SIM_CLOCK, type RunClock } from './run-clock';
import { applySettings, restoreSettings, type SettingsBefore } from './scenario-settings';
import type { SimApi, SimTarget } from './sim-api';

export interface ScenarioContext {
  sim: SimApi;
  merchantUrl: string;
  /** The fetch for the merchant's URLs (SimTarget.fetch); the global one when absent. */
  fetch?: SimTarget['fetch'];
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

/** What a step runs with: the clock the scenario moves, its order's (or session's) id, the wait for quiet. */
export interface FrameEnv {
  clock: RunClock;
  id: string;
  quiet: () => Promise<void>;
}

/** What differs between a checkout scenario and an in-person one; the frame around them is runFramed's. */
export interface ScenarioKind {
  /** Makes the order (or session) the scenario runs on; its id, and how a test clock binds it. */
  start(steps: StepReport[]): Promise<{ id: string; binding: { order_id: string } | { session_id: string } }>;
  /** Once it is on its clock, before the first step (the merchant faults of a checkout scenario). */
  prepare?(id: string): Promise<void>;
  step(step: ScenarioStep, env: FrameEnv): Promise<StepReport>;
  /** What the expectations are judged on; `id` null when nothing was made. */
  evidence(id: string | null): Promise<Evidence>;
  /** The order whose merchant faults are switched off at the end, if any were set. */
  faultsOf?(id: string | null): string | null;
}

/**
 * Runs one scenario on its own order or session, with the simulator clock manual (or a test clock of its
 * own), its settings on for the run and given back after, and judges its expectations.
 */
export async function runFramed(
  scenario: Scenario,
  ctx: ScenarioContext,
  kind: ScenarioKind,
): Promise<ScenarioResult> {
  const started = Date.now();
  const { sim } = ctx;
  const settle = ctx.settle ?? { quietMs: 250, maxMs: 10_000 };
  const steps: StepReport[] = [];
  let id: string | null = null;
  let error: string | null = null;
  let clockStart: string | null = null;
  let clockEnd: string | null = null;
  let clock = runClock(sim, SIM_CLOCK);
  let ownClock: string | null = null;
  let settingsBefore: SettingsBefore = null;
  // Refused before anything is made: a test clock has no computer's time to go back to (see backToNow).
  if (ctx.ownClock && scenario.steps.some((st) => 'back_to_now' in st))
    return refused(scenario.name, ctx.file, BACK_TO_NOW_PARALLEL);
  const before = ctx.ownClock
    ? null
    : await sim.ok<{ mode: 'real' | 'manual'; speed: number }>('GET', SIM_CLOCK);
  try {
    if (before) clockStart = (await sim.ok<{ now: string }>('PUT', SIM_CLOCK, { mode: 'manual' })).now;
    settingsBefore = await applySettings(sim, scenario.settings);
    const made = await kind.start(steps);
    id = made.id;
    if (ctx.ownClock) {
      const own = await sim.ok<{ clock_id: string; now: string }>('POST', '/test_helpers/test_clocks', {
        name: scenario.name.slice(0, 200),
      });
      ownClock = own.clock_id;
      clock = runClock(sim, `/test_helpers/test_clocks/${encodeURIComponent(ownClock)}`);
      await sim.ok(
        'POST',
        `/test_helpers/test_clocks/${encodeURIComponent(ownClock)}/bindings`,
        made.binding,
      );
      clockStart = own.now;
    }
    await kind.prepare?.(made.id);
    const env: FrameEnv = { clock, id: made.id, quiet: () => settleOrder(sim, made.id, settle) };
    for (const step of scenario.steps) steps.push(await kind.step(step, env));
  } catch (err) {
    error = (err as Error).message;
  }
  let evidence: Evidence = await kind.evidence(null);
  try {
    if (id) evidence = await kind.evidence(id);
    clockEnd = (await clock.view()).now;
  } catch (err) {
    error ??= (err as Error).message;
  } finally {
    await restore(sim, { orderId: kind.faultsOf?.(id) ?? null, before, ownClock })
      .then(() => restoreSettings(sim, settingsBefore))
      .catch((err: Error) => {
        error ??= `could not restore the simulator: ${err.message}`;
      });
  }
  const expectations = scenario.expect.map((e) => judge(e, evidence));
  return {
    name: scenario.name,
    file: ctx.file,
    order_id: id,
    ...(scenario.in_person ? { subject: 'session' as const } : {}),
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
export function refused(name: string, file: string, error: string): ScenarioResult {
  return {
    name,
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
