import { expect, test } from './fixtures';

/*
 * Each setting in one place, under the heading it belongs to (issue 34 point 5): the shipping assistant has
 * one on/off control, and upsell (a feature of the merchant's account) is not a production rule.
 */

test('the shipping assistant is turned on and off by one control', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/shipping`);
  const card = page.getByTestId('assistant-card');
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'off');
  await expect(card.locator('input[type=checkbox]')).toHaveCount(1);
  await expect(card.getByText('Enabled', { exact: true })).toHaveCount(0);
  await card.getByTestId('assistant-on').click();
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'built-in');
  await card.getByTestId('assistant-use-own').click();
  await expect(card.getByTestId('assistant-use-built-in')).toBeVisible();
  // Off and on again: it asks the integrator it was last pointed at, with the one switch.
  await card.getByTestId('assistant-on').click();
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'off');
  await card.getByTestId('assistant-on').click();
  await expect(card.getByTestId('assistant-on')).toBeChecked();
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'own');
});

test('upsell sits under the merchant account, not under the production rules', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/settings`);
  const toggle = page.getByTestId('settings-upsell');
  await expect(toggle).toBeVisible();
  const heading = await toggle.evaluate((el) => {
    // The last section heading above the toggle in the page's order.
    const headings = [...document.querySelectorAll('h2')];
    return headings.filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1)
      ?.textContent;
  });
  expect(heading).toBe('The merchant account');
});
