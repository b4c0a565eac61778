import { type Locator, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CREDENTIALS, expect, test, type SimUrls } from './fixtures';
import { callApi, createIppSession } from './api-helpers';
import { basicAuth, buyInTheShop } from './helpers';

/*
 * From a click-through to a regression test: a purchase in the sample shop's page through the embedded
 * checkout, saved from the console's order page as a scenario file, run with `checkout-sim run` (it passes),
 * then run again after the shop is switched to misbehave (it fails, naming the expectation and what was seen).
 */

/**
 * Download in the preview: the file comes under the preview's name, holds the preview's text and no
 * credentials; saved in `dir`.
 */
async function download(page: Page, preview: Locator, dir: string): Promise<{ file: string; text: string }> {
  const fileName = (await preview.getByTestId('scenario-preview-file-name').textContent())!;
  const downloading = page.waitForEvent('download');
  await expect(preview.getByTestId('scenario-download')).toBeEnabled();
  await preview.getByTestId('scenario-download').click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe(fileName);
  const file = join(dir, fileName);
  await saved.saveAs(file);
  const text = await readFile(file, 'utf8');
  expect(text.trimEnd()).toBe((await preview.getByTestId('scenario-preview-yaml').textContent())!.trimEnd());
  expect(text).not.toContain(CREDENTIALS.password);
  expect(text).not.toContain(basicAuth().replace(/^Basic /, ''));
  return { file, text };
}

/** `checkout-sim run FILE --api URL`, from the build: its exit code and everything it printed. */
function runScenario(file: string, sim: SimUrls): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['out/main/cli.js', 'run', file, '--api', sim.api], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out }));
  });
}

test('a journey in the sample shop, saved from the console, passes with checkout-sim run and fails once the shop misbehaves', async ({
  page,
  sim,
}) => {
  test.setTimeout(120_000);
  const orderId = await buyInTheShop(page, sim.shop);

  // The order's page: Save as scenario opens the preview.
  await page.goto(`${sim.console}/#/orders/${orderId}`);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  await page.getByTestId('order-save-scenario').click();
  const preview = page.getByTestId('scenario-preview');
  await expect(preview).toBeVisible();
  const fileName = (await preview.getByTestId('scenario-preview-file-name').textContent())!;
  expect(fileName).toMatch(/^[\w.-]+\.ya?ml$/);
  const yaml = preview.getByTestId('scenario-preview-yaml');
  await expect(yaml).toContainText('from_merchant'); // the shop created the order: its requests, not a body
  await expect(yaml).toContainText(/^steps:$/m);
  await expect(yaml).toContainText(/^expect:$/m);
  await expect(preview.getByTestId('scenario-preview-summary')).toHaveText(
    /^[1-9]\d* steps? · [1-9]\d* expectations? · \d+ lines$/,
  );
  await expect(preview.getByTestId('scenario-run-command')).toHaveText(
    `npx checkout-sim run ${fileName} --api ${sim.api}`,
  );
  await page.screenshot({ path: 'test-results/screens/save-as-scenario-light.png' });

  // Download: the file is the preview's text, under its name, and holds no credentials.
  const dir = await mkdtemp(join(tmpdir(), 'save-as-scenario-'));
  try {
    const { file, text } = await download(page, preview, dir);

    // Copy puts the same text on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sim.console });
    await preview.getByTestId('scenario-copy').click();
    await expect(preview.getByTestId('scenario-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

    // Esc closes it.
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    // Against the same merchant it passes.
    const pass = await runScenario(file, sim);
    expect(pass.out).toMatch(/^PASS /m);
    expect(pass.code, pass.out).toBe(0);

    // The shop's Misbehave page: never acknowledge. The same file fails, naming what it expected and saw.
    await page.goto(`${sim.shop}/switches`);
    await page.getByTestId('switch-neverAcknowledge').check();
    await page.getByTestId('switches-save').click();
    await expect(page.getByTestId('switches-saved')).toBeVisible();
    const fail = await runScenario(file, sim);
    expect(fail.code, fail.out).toBe(1);
    expect(fail.out).toMatch(/^FAIL /m);
    expect(fail.out).toMatch(/^ {2}✗ .*acknowledge.* — expected .+; seen not acknowledged/m);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an in-person session paid at the terminal is saved from its detail like an order: the preview, the terminal steps, Download, and the file passes', async ({
  page,
  sim,
}) => {
  test.setTimeout(90_000);
  const sessionId = await createIppSession(sim.api, 'device-counter-1');
  const paid = await callApi(sim.api, 'POST', `/test_helpers/ipp/sessions/${sessionId}/tap_card`);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);

  await page.goto(`${sim.console}/#/terminals?session=${sessionId}`);
  const detail = page.getByTestId('session-detail');
  await expect(detail.getByTestId('order-save-scenario')).toHaveAttribute('title', /^This session’s journey/);
  await detail.getByTestId('order-save-scenario').click();
  const preview = page.getByTestId('scenario-preview');
  await expect(preview.getByRole('heading', { name: 'Save as scenario' })).toBeVisible();
  await expect(preview.getByTestId('scenario-export-error')).toHaveCount(0);
  const fileName = (await preview.getByTestId('scenario-preview-file-name').textContent())!;
  expect(fileName).toBe(`session-${sessionId.slice(0, 8)}.yaml`);
  const yaml = preview.getByTestId('scenario-preview-yaml');
  await expect(yaml).toContainText(`name: Saved in-person session ${sessionId.slice(0, 8)}`);
  await expect(yaml).toContainText(/^in_person:$/m);
  await expect(yaml).toContainText(/^ {2}- terminal: tap_card # seen: FINALIZED/m);
  await expect(yaml).toContainText('status: FINALIZED');

  const dir = await mkdtemp(join(tmpdir(), 'save-in-person-'));
  try {
    const { file } = await download(page, preview, dir);
    await preview.getByTestId('scenario-preview-close').click();
    await expect(preview).toHaveCount(0);

    const pass = await runScenario(file, sim);
    expect(pass.out).toMatch(/^PASS Saved in-person session/m);
    expect(pass.code, pass.out).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
