import { expect, test } from './fixtures';
import { refusedOp, screenshot } from './helpers';

test.use({ expectedConsoleErrors: [refusedOp('settings.update')] });

test('the callback timeout is validated and kept', async ({ page, sim }) => {
  await page.goto(sim.console);
  await page.getByTestId('nav-settings').click();
  const input = page.getByTestId('settings-timeout');
  await expect(input).toHaveValue('10000');

  await input.fill('0');
  await expect(page.getByTestId('settings-save-dirty')).toHaveText('Unsaved changes');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-timeout-error')).toHaveText('must be at least 1');
  await screenshot(page, 'settings-error');
  // The summary names the field and takes the focus there.
  const link = page.getByTestId('settings-error').getByTestId('settings-error-link');
  await expect(link).toHaveText('Callback timeout (ms)');
  await link.click();
  await expect(input).toBeFocused();

  await input.fill('1500');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toHaveText('Saved.');
  await expect(page.getByTestId('settings-timeout-error')).toHaveCount(0);
  await expect(page.getByTestId('settings-save-dirty')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('settings-timeout')).toHaveValue('1500');
});
