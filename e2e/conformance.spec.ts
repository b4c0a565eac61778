import { type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

/** Fills the form with the built-in integrator's address and credentials, runs, and waits for the scorecard. */
async function runAgainstBuiltIn(page: Page) {
  const form = page.getByTestId('conformance-form');
  await form.getByTestId('conformance-fill-built-in').click();
  await expect(form.getByTestId('conformance-identifier')).toHaveValue('sim-merchant');
  await expect(form.getByTestId('conformance-base-url')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expect(form.getByTestId('conformance-key')).toHaveAttribute('type', 'password');
  const runsBefore = await page.getByTestId('conformance-run-row').count();
  await form.getByTestId('conformance-run').click();
  await expect(page).toHaveURL(/#\/conformance\?run=conf_/);
  await expect(page.getByTestId('conformance-run-row')).toHaveCount(runsBefore + 1);
  return page.getByTestId('scorecard');
}

test('the conformance run: all rules pass against the built-in integrator, a fault fails its rule', async ({
  page,
  sim,
}) => {
  test.setTimeout(45_000);
  await page.goto(`${sim.console}/#/conformance`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('conformance-runs-empty')).toBeVisible();

  // A clean run: every rule passes, each with its spec reference and the exchange it judged.
  const card = await runAgainstBuiltIn(page);
  await expect(card.getByTestId('scorecard-verdict')).toHaveAttribute('data-tone', 'ok');
  await expect(card.getByTestId('scorecard-verdict')).toHaveText(/All \d+ rules pass/);
  await expect(card.getByTestId('scorecard-failed')).toHaveAttribute('data-count', '0');
  await expect(card.getByTestId('scorecard-skipped')).toHaveAttribute('data-count', '0');
  const rules = card.locator('[data-testid^="rule-"][data-status]');
  const total = await rules.count();
  expect(total).toBeGreaterThan(15);
  await expect(card.getByTestId('scorecard-passed')).toHaveAttribute('data-count', String(total));
  await expect(card.locator('[data-status="pass"]')).toHaveCount(total);
  const preview = card.getByTestId('rule-options.preview.flag');
  await expect(preview.getByTestId('rule-spec-ref').first()).toContainText(
    'shipping-integrator-api.md § POST /shippingoptions',
  );
  await expect(preview.getByTestId('rule-exchange')).toHaveCount(1);
  await screenshot(page, 'conformance-pass');

  // The scorecard downloads as JUnit XML and as JSON.
  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('scorecard-download-xml').click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^conf_\w+\.xml$/);
  const xmlText = await readFile((await xml.path())!, 'utf8');
  expect(xmlText).toContain('<testsuites');
  expect(xmlText).toContain('failures="0"');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('scorecard-download-json').click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^conf_\w+\.json$/);
  const parsed = JSON.parse(await readFile((await json.path())!, 'utf8')) as { failed: number };
  expect(parsed.failed).toBe(0);

  // Switch on one fault from the console: the fake integrator flips the preview flag of every option.
  await page.getByTestId('nav-shipping').click();
  const fault = page.getByTestId('fault-shippingoptions-wrong_preview_flag');
  await fault.click();
  await expect(fault).toBeChecked();
  await expect(page.getByTestId('faults-shippingoptions')).toContainText('1 on');
  await page.getByTestId('nav-conformance').click();

  const failed = await runAgainstBuiltIn(page);
  await expect(failed.getByTestId('scorecard-verdict')).toHaveAttribute('data-tone', 'bad');
  await expect(failed.getByTestId('scorecard-verdict')).toHaveText(/\d+ of \d+ rules fail/);
  const flag = failed.getByTestId('rule-options.preview.flag');
  await expect(flag).toHaveAttribute('data-status', 'fail');
  await expect(flag.getByTestId('rule-message')).toContainText(
    "option 'nordpost-ombud' has preview: false in an answer to a preview request (country only)",
  );
  await expect(failed.getByTestId('rule-options.full.flag')).toHaveAttribute('data-status', 'fail');
  // The other rules of that call still pass: the fault breaks exactly what it is about.
  await expect(failed.getByTestId('rule-options.preview.schema')).toHaveAttribute('data-status', 'pass');
  await expect(page.getByTestId('conformance-run-row')).toHaveCount(2);
  await screenshot(page, 'conformance-fail');

  // The failing rule links to its exchange in the log, where the violation is in plain words.
  await flag.getByTestId('rule-exchange').click();
  const detail = page.getByTestId('exchange-detail');
  await expect(detail).toHaveCount(1);
  await expect(detail.getByTestId('exchange-violations')).toContainText('The integrator’s answer broke');
  await expect(detail.getByTestId('exchange-violation').first()).toContainText(
    'The shipping options answer must be one JSON object',
  );

  // The earlier, passing run is still there to open.
  await page.goBack();
  await page.getByTestId('conformance-run-row').last().getByTestId('conformance-run-open').click();
  await expect(page.getByTestId('scorecard-verdict')).toHaveAttribute('data-tone', 'ok');
});
