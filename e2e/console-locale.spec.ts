import { expect, test } from './fixtures';
import { createOrder } from './helpers';

/*
 * Issue 34 point 4 (which replaced issue 24 point 6's rule for money): the console shows an order's amounts in
 * the order's locale, whatever the browser's, as the checkout and the shop do; dates stay in the browser's.
 * The playwright config pins en-GB for every other spec; here the context's locale is the variable. Each
 * expectation is Intl's own output for that locale (so an ICU update cannot break the test) and, to be sure the
 * locale really reached the page, the exact text it should be.
 */
// The sample order's locale is sv-SE: its amount reads 500,00 kr in every browser.
const expected = (_browser: string) =>
  new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(500);

/** The shape of a date and time to the second in each locale (the exact text depends on when the test runs). */
for (const [locale, text, when] of [
  ['sv-SE', '500,00 kr', /^\d{1,2} [a-zé]+\.? \d{4} \d{2}:\d{2}:\d{2}$/],
  ['en-US', '500,00 kr', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/],
] as const) {
  test.describe(`in a ${locale} browser`, () => {
    test.use({ locale });

    test(`the orders list and the order page show the amount as ${text}, and dates as the locale writes them`, async ({
      page,
      sim,
    }) => {
      await page.goto(sim.console);
      await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
      expect(await page.evaluate(() => navigator.language)).toBe(locale);

      const created = await createOrder(sim.api);
      const orderId = String(created.order_id);
      const row = page.getByTestId(`order-row-${orderId}`);
      // toHaveText normalises whitespace, so Intl's no-break spaces compare equal to plain ones.
      await expect(row.getByTestId('order-amount')).toHaveText(expected(locale));
      await expect(row.getByTestId('order-amount')).toHaveText(text);

      // The creation time: Intl's output in the page (the browser's time zone) for the ISO time it shows.
      const createdCell = row.getByTestId('order-created');
      const iso = await createdCell.getAttribute('datetime');
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const want = await page.evaluate(
        ([at, loc]) =>
          new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at)),
        [iso!, locale] as const,
      );
      await expect(createdCell).toHaveText(want);
      await expect(createdCell).toHaveText(when);

      await page.getByTestId(`order-link-${orderId}`).click();
      await expect(page.getByTestId('order-page').getByTestId('order-total')).toHaveText(text);
    });
  });
}
