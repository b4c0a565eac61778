import { expect, test } from './fixtures';

/*
 * The theme switch follows the click even when a read of the console's prefs, started before it, answers
 * after it with the theme stored until then (the console reads them again after creating an order, and
 * everything again when its event stream reconnects): that late answer must not switch the theme back.
 */
test('a theme chosen while an older read of the prefs is under way stays chosen', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/settings`);
  await page.getByTestId('settings-theme-dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('settings-theme-dark')).toBeChecked();

  // The next read of the prefs is held: it reads the stored theme (dark) now and answers only when let go.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const askedFor = new Promise<void>((r) => (asked = r));
  await page.route('**/control/invoke/ui.prefs.get', async (route) => {
    const answer = await route.fetch();
    asked();
    await released;
    await route.fulfill({ response: answer });
  });
  // An order created from the console: the console reads its prefs again (the create form's URLs are
  // remembered there), and that read is held while the user goes on to Settings.
  await page.evaluate(() => (window.location.hash = '#/orders/new'));
  await page.getByTestId('create-form').getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/orders\/[0-9a-f-]{36}$/);
  await askedFor;
  await page.evaluate(() => (window.location.hash = '#/settings'));
  await expect(page.getByTestId('settings-theme-dark')).toBeChecked();

  await page.getByTestId('settings-theme-system').check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  release();
  await page.waitForResponse('**/control/invoke/ui.prefs.get');
  await expect(page.getByTestId('settings-theme-system')).toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  await page.unroute('**/control/invoke/ui.prefs.get');
  await page.reload();
  await expect(page.getByTestId('settings-theme-system')).toBeChecked();
});
