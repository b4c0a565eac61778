import type { Session } from '@shared/schemas/ipp.schema';
import type { ScenarioResult, StepReport } from '@shared/schemas/scenario-report.schema';
import { terminalAction, type ScenarioInPerson } from '@shared/schemas/scenario-in-person.schema';
import type { Scenario, ScenarioStep } from '@shared/schemas/scenario.schema';
import { advance } from './advance-step';
import { gather } from './evidence';
import { merchantClient, type MerchantClient } from './merchant-client';
import { backToNow, type RunClock } from './run-clock';
import { runFramed, type ScenarioContext } from './run-frame';
import { merchantStep, StepFailed } from './scenario-order';
import { describeError, type SimApi } from './sim-api';

/*
 * An in-person scenario: the merchant's till sends a session to a device (POST /ipp/v1/sessions, with the
 * merchant's Basic credentials), the customer acts at the terminal (the automation API's terminal action),
 * the clock moves; the session at the end and the order it became are judged like a checkout order's.
 */

const session = (id: string) => `/test_helpers/ipp/sessions/${encodeURIComponent(id)}`;

/** Registers the scenario's own device (or takes the one it names) and starts its session; its id. */
async function startSession(sim: SimApi, scenario: Scenario, ip: ScenarioInPerson): Promise<string> {
  let deviceId = ip.device_id;
  if (deviceId === undefined) {
    const d = ip.device ?? { name: scenario.name.slice(0, 255) };
    const r = await sim.call('POST', '/test_helpers/ipp/devices', { platform: 'other', ...d });
    if (r.status !== 201)
      throw new StepFailed(`registering the device answered ${r.status}: ${describeError(r.body)}`);
    deviceId = (r.body as { id: string }).id;
  }
  const r = await sim.call('POST', '/ipp/v1/sessions', { ...ip.session, device_id: deviceId });
  if (r.status !== 201) {
    const p = r.body as { detail?: string; errors?: Record<string, string> };
    const fields = Object.entries(p?.errors ?? {}).map(([k, v]) => `${k}: ${v}`);
    throw new StepFailed(
      `creating the session answered ${r.status}: ${[p?.detail, ...fields].filter(Boolean).join('; ') || describeError(r.body)}`,
    );
  }
  return (r.body as Session).session_id;
}

/** Runs one in-person scenario on a session of its own, with the clock manual, and judges its expectations. */
export async function runInPerson(scenario: Scenario, ctx: ScenarioContext): Promise<ScenarioResult> {
  const { sim } = ctx;
  const merchant = merchantClient(ctx.merchantUrl, ctx.fetch);
  return runFramed(scenario, ctx, {
    start: async () => {
      const id = await startSession(sim, scenario, scenario.in_person!);
      return { id, binding: { session_id: id } };
    },
    step: (step, env) => runStep(step, { sim, clock: env.clock, merchant, id: env.id, quiet: env.quiet }),
    evidence: async (id) => {
      if (!id) return { exchanges: [], push: null, om: null, view: null, steps: [], session: null };
      const [rest, s] = await Promise.all([gather(sim, id), sim.call('GET', session(id))]);
      return { ...rest, view: null, steps: [], session: s.status === 200 ? (s.body as Session) : null };
    },
  });
}

interface Env {
  sim: SimApi;
  clock: RunClock;
  merchant: MerchantClient;
  /** The session's id, which is also the id of the order it becomes. */
  id: string;
  quiet: () => Promise<void>;
}

async function runStep(step: ScenarioStep, env: Env): Promise<StepReport> {
  const { sim, id } = env;
  if ('advance' in step) return advance(step.advance, env.clock, env.quiet, id);
  if ('back_to_now' in step) return backToNow(sim, env.clock, env.quiet);
  if ('merchant' in step) {
    const [report] = await merchantStep(env.clock, env.merchant, step.merchant, id);
    await env.quiet();
    return report;
  }
  const at = (await env.clock.view()).now;
  let text: string;
  let r: { status: number; body: unknown };
  if ('terminal' in step) {
    const { action, reason } = terminalAction(step.terminal);
    text = `terminal: ${action}${reason ? ` (${reason})` : ''}`;
    r = await sim.call('POST', `${session(id)}/${action}`, reason ? { reason } : undefined);
  } else if ('cancel' in step) {
    text = 'merchant: cancel the session';
    r = await sim.call('PUT', `/ipp/v1/sessions/${encodeURIComponent(id)}/cancel`);
  } else {
    throw new StepFailed(`${Object.keys(step)[0]}: not a step of an in-person session`);
  }
  if (r.status !== 200) throw new StepFailed(`${text} answered ${r.status}: ${problemText(r.body)}`);
  await env.quiet();
  const s = r.body as Session;
  const last = s.history.at(-1);
  const message =
    last && last.at === s.updated_at && last.detail
      ? `The session is ${s.status}: ${last.detail}.`
      : `The session is ${s.status} (${s.pin_attempts} wrong PIN${s.pin_attempts === 1 ? '' : 's'}).`;
  return { text, at, outcome: s.status, message, exchange_ids: [] };
}

/** The in-person API's problem (`detail`) or the automation API's error, in one line. */
function problemText(body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : describeError(body);
}
