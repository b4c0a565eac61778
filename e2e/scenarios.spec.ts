import { type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type SimUrls } from './fixtures';
import { screenshot } from './helpers';

/** The sample shop's "Never acknowledge" switch, as its Misbehave page sets it. */
async function neverAcknowledge(sim: SimUrls): Promise<void> {
  const res = await fetch(`${sim.shop}/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'neverAcknowledge=on',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** Screenshots in the light and the dark theme. */
async function bothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the Scenarios page runs the example against the sample shop: every expectation met, each linked to the log', async ({
  page,
  sim,
}) => {
  test.setTimeout(60_000);
  await page.goto(sim.console);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await page.getByTestId('nav-scenarios').click();
  await expect(page).toHaveURL(/#\/scenarios$/);
  await expect(page.getByTestId('scenario-text')).toHaveValue(/^name: Push acknowledged within 10 minutes/);
  await expect(page.getByTestId('scenario-merchant-url')).toHaveAttribute(
    'placeholder',
    `${sim.shop} (the sample shop)`,
  );

  await page.getByTestId('scenario-run').click();
  const report = page.getByTestId('scenario-report');
  await expect(report).toHaveAttribute('data-passed', 'true', { timeout: 30_000 });
  await expect(report.getByTestId('scenario-verdict')).toHaveText('✓ Push acknowledged within 10 minutes');
  await expect(report.getByTestId('expectation')).toHaveCount(4);
  await expect(report.locator('[data-testid="expectation"][data-passed="true"]')).toHaveCount(4);
  await expect(report.getByTestId('scenario-push-ack')).toContainText(
    'acknowledged +2 min (0 ms after the first push)',
  );
  await bothThemes(page, 'scenarios-pass');

  // An expectation's exchange opens in the log, under the scenario's order.
  const pushLink = report.getByTestId('expectation').first().getByTestId('expectation-exchange').first();
  await expect(pushLink).toHaveText('push →');
  await pushLink.click();
  await expect(page).toHaveURL(/#\/log\?order=[\w-]+&exchange=ex_\w+$/);
});

test('against a merchant that never acknowledges, the page says what was expected and what was seen', async ({
  page,
  sim,
}) => {
  test.setTimeout(60_000);
  await neverAcknowledge(sim);
  await page.goto(`${sim.console}/#/scenarios`);
  await page.getByTestId('scenario-file').setInputFiles('scenarios/push-acknowledged.yaml');
  await expect(page.getByTestId('scenario-filename')).toHaveText('push-acknowledged.yaml');
  await expect(page.getByTestId('scenario-text')).toHaveValue(/^# yaml-language-server: \$schema=/);

  await page.getByTestId('scenario-run').click();
  const report = page.getByTestId('scenario-report');
  await expect(report).toHaveAttribute('data-passed', 'false', { timeout: 30_000 });
  await expect(report.getByTestId('scenario-verdict')).toHaveText('✗ Push acknowledged within 10 minutes');
  const ack = report.locator('[data-testid="expectation"][data-passed="false"]').first();
  await expect(ack).toContainText('acknowledged within 10 min of the first push');
  await expect(ack.getByTestId('expectation-seen')).toHaveText(
    'seen not acknowledged 10 min after the first push; 2 push attempts (+0 ms 200, +5 min 200)',
  );
  await expect(report.getByTestId('scenario-push-ack')).toHaveText('not acknowledged');
  await bothThemes(page, 'scenarios-fail');

  // A file that does not read is refused with its place named, as a failed scenario.
  await page.getByTestId('scenario-text').fill('name: broken\nsteps:\n  - advance: soon\nexpect: []\n');
  await page.getByTestId('scenario-run').click();
  await expect(report.getByTestId('scenario-run-error')).toContainText('steps[0].advance', {
    timeout: 30_000,
  });
});

test('the HTML report of `checkout-sim run` shows each scenario’s expectations, push timeline and exchanges', async ({
  page,
  sim,
}) => {
  test.setTimeout(90_000);
  await neverAcknowledge(sim);
  const dir = await mkdtemp(join(tmpdir(), 'scenario-html-'));
  try {
    const file = join(dir, 'report.html');
    const code = await new Promise<number | null>((resolve) =>
      spawn(
        process.execPath,
        ['out/main/cli.js', 'run', 'scenarios', '--api', sim.api, '--reporter', `html=${file}`],
        {
          stdio: 'ignore',
        },
      ).once('exit', resolve),
    );
    expect(code).toBe(1); // the shop never acknowledges: the push scenarios fail
    await page.goto(pathToFileURL(file).href);
    await expect(page.getByTestId('report-status')).toHaveText('failed');
    // One section per shipped example file.
    const examples = readdirSync('scenarios').filter((f) => /\.(ya?ml|json)$/.test(f));
    await expect(page.getByTestId('scenario')).toHaveCount(examples.length);
    const push = page.locator('[data-testid="scenario"]', { hasText: 'Push acknowledged within 10 minutes' });
    await expect(push.getByTestId('push-timeline')).toBeVisible();
    await expect(push.locator('.expectations li.fail')).toHaveCount(3);
    await expect(push.getByTestId('exchanges').locator('tbody tr')).not.toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/scenarios-html-report-${scheme}.png` });
      await push.screenshot({ path: `test-results/screens/scenarios-html-report-push-${scheme}.png` });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
