import { expect, test } from './fixtures';
import { createOrder } from './helpers';

/*
 * Issue 24 point 6: the console shows amounts in the browser's locale (the embedded checkout uses the order's).
 * The playwright config pins en-GB for every other spec; here the context's locale is the variable. Each
 * expectation is Intl's own output for that locale (so an ICU update cannot break the test) and, to be sure the
 * locale really reached the page, the exact text it should be.
 */
const expected = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'SEK' }).format(500);

for (const [locale, text] of [
  ['sv-SE', '500,00 kr'],
  ['en-US', 'SEK 500.00'],
] as const) {
  test.describe(`in a ${locale} browser`, () => {
    test.use({ locale });

    test(`the orders list and the order page show the amount as ${text}`, async ({ page, sim }) => {
      await page.goto(sim.console);
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
      expect(await page.evaluate(() => navigator.language)).toBe(locale);

      const created = await createOrder(sim.api);
      const orderId = String(created.order_id);
      const row = page.getByTestId(`order-row-${orderId}`);
      // toHaveText normalises whitespace, so Intl's no-break spaces compare equal to plain ones.
      await expect(row.getByTestId('order-amount')).toHaveText(expected(locale));
      await expect(row.getByTestId('order-amount')).toHaveText(text);

      await page.getByTestId(`order-link-${orderId}`).click();
      await expect(page.getByTestId('order-page').getByTestId('order-total')).toHaveText(text);
    });
  });
}
