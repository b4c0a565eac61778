import type { Expectation } from '@shared/schemas/scenario.schema';
import type { MerchantClient } from './merchant-client';

/*
 * The merchant's own state, read at the end of a scenario for the invariants that need it
 * (one_merchant_order): a URL on the merchant's server answering how many shop orders it holds for the
 * checkout order. The contract (docs/explore.md): a 2xx whose body is JSON `{"count": n}` or a bare `n`.
 */

/** What one merchant-state URL answered: the count, or why there is none. */
export type MerchantStateSeen =
  { url: string; status: number; count: number } | { url: string; status: number | null; problem: string };

/** `{merchant}` is the merchant's base URL; a path without it is on the merchant too. */
export const stateUrl = (template: string, merchantBase: string, orderId: string): string =>
  template.replaceAll('{merchant}', merchantBase.replace(/\/+$/, '')).replaceAll('{order_id}', orderId);

/** The count in a merchant-state answer: `{"count": n}` or a bare `n`, a whole number ≥ 0; else null. */
export function countOf(body: string): number | null {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return null;
  }
  const n = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as { count?: unknown }).count : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** Reads each merchant-state URL the expectations name, once, for the order; keyed by the template. */
export async function readMerchantState(
  expect: Expectation[],
  merchant: MerchantClient,
  merchantBase: string,
  orderId: string,
): Promise<Record<string, MerchantStateSeen>> {
  const templates = new Set(
    expect.flatMap((e) => ('invariant' in e && e.merchant_state ? [e.merchant_state] : [])),
  );
  const out: Record<string, MerchantStateSeen> = {};
  for (const t of templates) {
    const url = stateUrl(t, merchantBase, orderId);
    try {
      const a = await merchant.send({ path: url }, orderId);
      const count = a.status >= 200 && a.status < 300 ? countOf(a.body) : null;
      out[t] =
        count !== null
          ? { url, status: a.status, count }
          : {
              url,
              status: a.status,
              problem: `answered ${a.status} ${JSON.stringify(a.body.slice(0, 60))}, not a 2xx with {"count": n} or n`,
            };
    } catch (err) {
      out[t] = { url, status: null, problem: (err as Error).message };
    }
  }
  return out;
}
