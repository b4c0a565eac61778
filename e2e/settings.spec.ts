import { expect, test } from './fixtures';
import { callApi } from './api-helpers';
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

test('the clock’s quiet window after a push is validated and stored', async ({ page, sim }) => {
  test.setTimeout(60_000); // five saves and a reload: past 30 s on a busy two-core machine
  await page.goto(sim.console);
  await page.getByTestId('nav-settings').click();
  const card = page.getByTestId('settings-clock');
  const input = card.getByTestId('settings-quiet-ms');
  await expect(input).toHaveValue('250');
  await expect(card.getByTestId('settings-quiet-hint')).toContainText('0 to 10 000 ms');

  await input.fill('20000');
  await card.getByTestId('settings-quiet-save').click();
  await expect(card.getByTestId('settings-quiet-ms-error')).toHaveText('must be at most 10000');
  await expect(card.getByTestId('settings-quiet-error')).toContainText('Quiet window after a push (ms)');
  expect((await callApi(sim.api, 'GET', '/test_helpers/settings')).json.advance_quiet_ms).toBe(250);

  await input.fill('1200');
  await card.getByTestId('settings-quiet-save').click();
  await expect(card.getByTestId('settings-quiet-saved')).toHaveText('Saved.');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-clock');
  // Stored: the automation API reads it back, and so does the page after a reload.
  expect((await callApi(sim.api, 'GET', '/test_helpers/settings')).json.advance_quiet_ms).toBe(1200);
  await page.reload();
  await expect(page.getByTestId('settings-quiet-ms')).toHaveValue('1200');

  await page.getByTestId('settings-quiet-default').click();
  await page.getByTestId('settings-quiet-save').click();
  await expect(page.getByTestId('settings-quiet-saved')).toHaveText('Saved.');
  expect((await callApi(sim.api, 'GET', '/test_helpers/settings')).json.advance_quiet_ms).toBe(250);
});
