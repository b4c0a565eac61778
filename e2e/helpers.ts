import { type Page } from '@playwright/test';
import { CREDENTIALS, expect } from './fixtures';

/** The smallest valid checkout order: one line, Swedish kronor. */
export const SAMPLE_ORDER = {
  purchase_country: 'SE',
  purchase_currency: 'SEK',
  locale: 'sv-SE',
  order_amount: 50000,
  order_tax_amount: 10000,
  order_lines: [
    {
      type: 'physical',
      reference: '19-402',
      name: 'Battery Power Pack',
      quantity: 2,
      unit_price: 25000,
      tax_rate: 2500,
      total_amount: 50000,
      total_tax_amount: 10000,
    },
  ],
  merchant_urls: {
    terms: 'https://example.com/terms',
    checkout: 'https://example.com/checkout',
    confirmation: 'https://example.com/confirmation',
    push: 'https://example.com/api/push?order_id={checkout.order.id}',
  },
};

/** The Authorization header of the default merchant credentials. */
export const basicAuth = () =>
  'Basic ' + Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64');

/** Creates a checkout order the way a merchant's server would, and returns the API's answer. */
export async function createOrder(
  api: string,
  body: object = SAMPLE_ORDER,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${api}/checkout/v3/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basicAuth() },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

/** Saves what the user sees, for a human to look at (test-results/screens/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top: the sticky sidebar is drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** The console error Chromium logs when a control operation is refused with `status` (400, 409…). */
export function refusedOp(op: string, status = 400): RegExp {
  return new RegExp(`status of ${status} .*/control/invoke/${op.replace(/\./g, '\\.')}$`);
}

/**
 * Several refused operations as one pattern. Pass it alone: `test.use` reads a two-element array whose second
 * element is an object (a RegExp is one) as Playwright's `[value, options]` pair, not as two patterns.
 */
export function refusedOps(ops: readonly string[], status = 400): RegExp {
  const names = ops.map((op) => op.replace(/\./g, '\\.')).join('|');
  return new RegExp(`status of ${status} .*/control/invoke/(${names})$`);
}
