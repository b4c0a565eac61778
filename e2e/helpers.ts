import { type FrameLocator, type Locator, type Page } from '@playwright/test';
import { CREDENTIALS, expect } from './fixtures';
import { SAMPLE_ORDER } from '../shared/samples/samples';

/** The sample order of shared/samples: the same one the merchant guide's curl uses (docs/merchant-guide.md). */
export { SAMPLE_ORDER };

/** The Authorization header of the default merchant credentials. */
export const basicAuth = () =>
  'Basic ' + Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64');

/** A Swedish customer's address, as a step or a merchant's test sends it. */
export const BILLING = {
  given_name: 'Erik',
  family_name: 'Lindqvist',
  email: 'erik@example.se',
  street_address: 'Storgatan 1',
  postal_code: '111 22',
  city: 'Stockholm',
  country: 'SE',
};

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

/** The push timeline's point number `n` (1 is the first attempt). */
export const timelinePoint = (page: Page, n: number): Locator =>
  page.getByTestId('timeline-point').and(page.locator(`[data-number="${n}"]`));

/** The push timeline's points in one state (`pending`, `answered`, …). */
export const timelinePoints = (page: Page, state: string): Locator =>
  page.getByTestId('timeline-point').and(page.locator(`[data-state="${state}"]`));

/** An element alone, for a human to look at (test-results/screens/<name>.png). */
export async function elementShot(target: Locator, name: string): Promise<void> {
  await target.screenshot({ path: `test-results/screens/${name}.png` });
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

/**
 * Pays for a mug in the sample shop, through the checkout embedded in its page: the customer fills the test
 * person, picks home delivery and pays. Answers the checkout's frame; what follows the payment is the test's.
 */
export async function payInTheShop(page: Page, shop: string): Promise<FrameLocator> {
  await page.goto(shop);
  await page.getByTestId('add-enamel-mug').click();
  await page.getByTestId('go-to-checkout').click();
  await expect(page).toHaveURL(`${shop}/checkout`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await frame.getByTestId('kco-fill-person-0').click();
  await frame.getByTestId('kco-address-submit').click();
  await expect(frame.getByTestId('kco-section-address')).toHaveAttribute('data-state', 'done');
  await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
  await expect(frame.getByTestId('kco-section-shipping')).toHaveAttribute('data-state', 'done');
  await frame.getByTestId('kco-pay').click();
  return frame;
}

/**
 * Buys a mug in the sample shop, through the checkout embedded in its page (the first purchase the README
 * tells a newcomer to make); answers the order's id once the shop's confirmation page shows its number.
 */
export async function buyInTheShop(page: Page, shop: string): Promise<string> {
  await payInTheShop(page, shop);
  await page.waitForURL(/\/confirmation\?order_id=/);
  await expect(page.getByTestId('order-number')).toHaveText(/^SHOP-\d+$/);
  return new URL(page.url()).searchParams.get('order_id')!;
}

/** Opens the log's newest exchange and shows its cURL command: answers the detail panel and the preview. */
export async function newestExchangeCurl(page: Page, consoleUrl: string) {
  await page.goto(`${consoleUrl}/#/log`);
  await page.getByTestId('log-row').first().click();
  const detail = page.getByTestId('exchange-detail');
  await detail.getByTestId('exchange-show-curl').click();
  return { detail, preview: detail.getByTestId('exchange-curl') };
}

/** Presses the panel's Copy as cURL and answers what reached the clipboard (it needs clipboard-read). */
export async function copiedCurl(page: Page, detail: Locator): Promise<string> {
  await detail.getByTestId('exchange-copy-curl').click();
  await expect(detail.getByTestId('exchange-copy-curl')).toHaveText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}
