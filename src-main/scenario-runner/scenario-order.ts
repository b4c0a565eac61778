import { SAMPLE_ORDER } from '@shared/samples/samples';
import { DEFAULT_MERCHANT_PATHS } from '@shared/samples/merchant-paths';
import type { StepReport } from '@shared/schemas/scenario-report.schema';
import type { MerchantRequest, Scenario } from '@shared/schemas/scenario.schema';
import type { MerchantAnswer, MerchantClient } from './merchant-client';
import { runClock, SIM_CLOCK, type RunClock } from './run-clock';
import type { SimApi } from './sim-api';

/** A step that could not be taken: the scenario's error; its expectations are still judged. */
export class StepFailed extends Error {}

export { DEFAULT_MERCHANT_PATHS };

/**
 * The order's merchant_urls as paths: the create body's own, else the sample shop's defaults, with the
 * file's `order.merchant_urls` added on top; a key set to null there removes that callback.
 */
export function merchantPaths(order: NonNullable<Scenario['order']>): Record<string, string> {
  const base = (order.create?.merchant_urls as Record<string, string> | undefined) ?? DEFAULT_MERCHANT_PATHS;
  const merged: Record<string, string | null> = { ...base, ...order.merchant_urls };
  return Object.fromEntries(
    Object.entries(merged).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** The callbacks the file's expectations judge that the order will not have: each one said, with the fix. */
export function callbacksMissing(scenario: Scenario, paths: Record<string, string>): string[] {
  return scenario.expect.flatMap((e, i) => {
    const name = 'callback' in e ? e.callback.name : 'cart_after' in e ? e.cart_after.callback : undefined;
    if (name === undefined || name in paths) return [];
    return [
      `expect[${i}] judges the ${name} callback, but the order has no merchant_urls.${name} (order.merchant_urls sets it to null, or order.create.merchant_urls leaves it out): give it a path, or drop the expectation`,
    ];
  });
}

/** The start of an answer's text: for a page, its main content's first lines, tags left out. */
export function bodyGist(body: string): string {
  const html = /^\s*<(!doctype|html)/i.test(body);
  let text = body;
  if (html) {
    const part = /<main[^>]*>([\s\S]*?)<\/main>/i.exec(body) ?? /<body[^>]*>([\s\S]*?)<\/body>/i.exec(body);
    text = (part?.[1] ?? body)
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<\/(h\d|p|div|li|tr|td|title)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const gist = lines.slice(0, html ? 2 : 1).join(' · ') || '(empty)';
  return gist.length > 200 ? `${gist.slice(0, 200)}…` : gist;
}

/**
 * Creates the scenario's order (or has the merchant create it) and returns its id; a StepFailed says why
 * there is none, with the merchant's last answer when its requests created none.
 */
export async function createOrder(
  scenario: Scenario,
  ctx: { sim: SimApi; merchantUrl: string },
  merchant: MerchantClient,
  steps: StepReport[],
): Promise<string> {
  const { sim } = ctx;
  const order = scenario.order ?? {};
  if (order.from_merchant) {
    const known = new Set((await listOrders(sim)).map((o) => o.order_id));
    let last: { text: string; answer: MerchantAnswer } | null = null;
    const answers: string[] = [];
    // The order is made before any test clock: the merchant's steps read the simulator clock.
    const clock = runClock(sim, SIM_CLOCK);
    for (const req of order.from_merchant) {
      const [report, answer] = await merchantStep(clock, merchant, req, null);
      steps.push(report);
      answers.push(answer.location ?? '', answer.body);
      last = { text: report.text.replace(/^merchant: /, ''), answer };
    }
    const origin = new URL(ctx.merchantUrl).origin;
    const fresh = (await listOrders(sim)).filter((o) => !known.has(o.order_id));
    // Scenarios running beside this one make orders of the same merchant: the one this visitor's
    // pages named (the snippet holds its id) is this scenario's.
    const named = fresh.filter((o) => answers.some((a) => a.includes(o.order_id)));
    for (const o of named.length > 0 ? named : fresh) {
      const doc = await sim.ok<{ merchant_urls?: Record<string, string> }>(
        'GET',
        `/checkout/v3/orders/${o.order_id}`,
      );
      const urls = Object.values(doc.merchant_urls ?? {});
      if (urls.some((u) => URL.canParse(u) && new URL(u).origin === origin)) return o.order_id;
    }
    // Say what the merchant answered: an empty cart, a sold-out page, an error, in its own words.
    const said = last
      ? `; its last answer: ${last.text} → ${last.answer.status} “${bodyGist(last.answer.body)}”`
      : '';
    throw new StepFailed(
      `the merchant's requests created no checkout order with merchant_urls at ${origin}${said}`,
    );
  }
  const body: Record<string, unknown> = structuredClone(
    order.create ?? (SAMPLE_ORDER as Record<string, unknown>),
  );
  const paths = merchantPaths(order);
  const missing = callbacksMissing(scenario, paths);
  if (missing.length > 0) throw new StepFailed(missing.join('; '));
  body.merchant_urls = Object.fromEntries(Object.entries(paths).map(([k, p]) => [k, merchant.urlOf(p)]));
  const require = scenario.settings?.require_validate_callback_success;
  if (require !== undefined)
    body.options = { ...(body.options as object | undefined), require_validate_callback_success: require };
  const r = await sim.call('POST', '/checkout/v3/orders', body);
  const created = r.body as { order_id?: string; error_messages?: string[] };
  if (r.status !== 201 || !created.order_id) {
    throw new StepFailed(
      `creating the order answered ${r.status}: ${(created.error_messages ?? []).join('; ') || JSON.stringify(r.body)}`,
    );
  }
  return created.order_id;
}

export async function listOrders(sim: SimApi): Promise<{ order_id: string }[]> {
  return (await sim.ok<{ orders: { order_id: string }[] }>('GET', '/test_helpers/checkout/orders?limit=50'))
    .orders;
}

/** A request of the merchant's (a page, a form): its step report at `clock`'s time, and the answer. */
export async function merchantStep(
  clock: RunClock,
  merchant: MerchantClient,
  req: MerchantRequest,
  orderId: string | null,
): Promise<[StepReport, MerchantAnswer]> {
  const at = (await clock.view()).now;
  const method = req.method ?? 'GET';
  const answer = await merchant.send(req, orderId);
  const ok = req.expect_status !== undefined ? answer.status === req.expect_status : answer.status < 400;
  const path = orderId ? req.path.replaceAll('{order_id}', orderId) : req.path;
  const text = `merchant: ${method} ${path}`;
  if (!ok) {
    const want = req.expect_status ?? 'a status below 400';
    throw new StepFailed(`${text} answered ${answer.status}, expected ${want}: ${answer.body.slice(0, 200)}`);
  }
  const where = answer.location ? ` → ${answer.location}` : '';
  const report = {
    text,
    at,
    outcome: String(answer.status),
    message: `The merchant answered ${answer.status}${where}.`,
    exchange_ids: [],
  };
  return [report, answer];
}
