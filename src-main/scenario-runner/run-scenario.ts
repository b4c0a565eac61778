import { addressInput, testPerson } from '@shared/samples/test-people';
import type { ScenarioResult, StepReport } from '@shared/schemas/scenario-report.schema';
import type { Scenario, ScenarioStep } from '@shared/schemas/scenario.schema';
import type { StepName } from '@shared/schemas/session.schema';
import { gather } from './evidence';
import type { Evidence, PageSeen } from './expectations';
import { merchantClient, type MerchantClient } from './merchant-client';
import { readMerchantState } from './merchant-state';
import { advance } from './advance-step';
import { backToNow, type RunClock } from './run-clock';
import { runFramed, type ScenarioContext } from './run-frame';
import { createOrder, merchantStep, StepFailed } from './scenario-order';
import type { SimApi } from './sim-api';

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
  const { sim } = ctx;
  const pages: PageSeen[] = [];
  // The merchant-state reads are the runner's, not the customer's pages: not recorded among them.
  const raw = merchantClient(ctx.merchantUrl, ctx.fetch);
  const merchant = recording(raw, pages);
  const customerSteps: Evidence['steps'] = [];
  let faultsSet = false;
  return runFramed(scenario, ctx, {
    start: async (steps) => {
      const id = await createOrder(scenario, ctx, merchant, steps);
      return { id, binding: { order_id: id } };
    },
    prepare: async (id) => {
      if (!scenario.faults) return;
      await sim.ok('PUT', `/test_helpers/checkout/orders/${id}/merchant_faults`, { faults: scenario.faults });
      faultsSet = true;
    },
    step: (step, env) =>
      runStep(step, { sim, clock: env.clock, merchant, orderId: env.id, quiet: env.quiet, customerSteps }),
    evidence: async (id) =>
      id
        ? {
            ...(await gather(sim, id)),
            steps: customerSteps,
            pages,
            merchantState: await readMerchantState(scenario.expect, raw, ctx.merchantUrl, id),
          }
        : { exchanges: [], push: null, om: null, view: null, steps: customerSteps, pages },
    faultsOf: (id) => (faultsSet ? id : null),
  });
}

/**
 * The merchant client, recording every page it opened and the status answered: the simulator does not
 * see these requests, and the invariant no_server_errors judges them.
 */
function recording(client: MerchantClient, pages: PageSeen[]): MerchantClient {
  return {
    ...client,
    send: async (req, orderId, what = 'merchant request') => {
      const answer = await client.send(req, orderId);
      const path = orderId ? req.path.replaceAll('{order_id}', orderId) : req.path;
      const url = new URL(client.urlOf(path));
      pages.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        status: answer.status,
        what,
      });
      return answer;
    },
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
  if ('checkbox' in step) return checkbox(step.checkbox, env);
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
  if (r.status !== 200) throw refused(text, r);
  const answer = r.body as StepAnswer;
  env.customerSteps.push({ name: answer.step, outcome: answer.outcome, exchange_ids: answer.exchange_ids });
  await env.quiet();
  let message = answer.message;
  const confirmation = answer.customer_view?.confirmation;
  // The customer's browser follows the redirect to the merchant's confirmation page, as a real one would.
  if (answer.outcome === 'completed' && confirmation && confirmation.redirect !== 'never') {
    const page = await env.merchant.send({ path: confirmation.url }, orderId, 'confirmation page after pay');
    message += ` The browser went to the confirmation page: ${page.status}.`;
    await env.quiet();
  }
  return { text, at: answer.at, outcome: answer.outcome, message, exchange_ids: answer.exchange_ids };
}

/** A customer's step the simulator refused: the step, the status and the answer's messages. */
function refused(text: string, r: { status: number; body: unknown }): StepFailed {
  const messages = (r.body as { error_messages?: string[] }).error_messages ?? [];
  return new StepFailed(`${text} answered ${r.status}: ${messages.join('; ')}`);
}

/** The customer ticks or unticks a box: no call to the merchant (the page is told, `checkbox_change`). */
async function checkbox(box: { key: string; checked: boolean }, env: StepEnv): Promise<StepReport> {
  const text = `checkbox ${box.key}: ${box.checked ? 'checked' : 'unchecked'}`;
  const at = (await env.clock.view()).now;
  const r = await env.sim.call('PUT', `/test_helpers/checkout/orders/${env.orderId}/checkbox`, box);
  if (r.status !== 200) throw refused(text, r);
  const view = r.body as { checkboxes?: { key: string; checked: boolean; required: boolean }[] };
  const now = view.checkboxes?.find((b) => b.key === box.key);
  const message = `The box is ${now?.checked ? 'checked' : 'unchecked'}${now?.required ? ' (required to pay)' : ''}.`;
  return { text, at, outcome: box.checked ? 'checked' : 'unchecked', message, exchange_ids: [] };
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
