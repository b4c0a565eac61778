import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from './fixtures';
import { screenshot } from './helpers';

/*
 * `serve --tls`: the console (itself http on loopback) shows the https URLs its merchant-facing listeners
 * answer on and the local CA's file, which a merchant developer trusts in their client.
 */
test('the console shows the https URLs and the CA file under --tls', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'checkout-sim-e2e-tls-'));
  const { child, urls } = await startServer(dataDir, ['--port', '0', '--tls']);
  try {
    expect(urls.console).toMatch(/^http:\/\//);
    await page.goto(urls.console);
    const info = page.getByTestId('connection-info');
    await expect(info.getByTestId('api-url')).toHaveText(urls.api);
    expect(urls.api).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await expect(info.getByTestId('integrator-url')).toHaveText(/^https:\/\/127\.0\.0\.1:\d+$/);
    await expect(info.getByTestId('shop-link')).toHaveAttribute('href', /^https:\/\/127\.0\.0\.1:\d+$/);
    const caFile = join(dataDir, 'tls', 'ca.pem');
    await expect(info.getByTestId('tls-ca-file')).toHaveText(caFile);
    // The first order's curl command trusts that CA, or curl would refuse the https API.
    await expect(page.getByTestId('orders-empty-curl')).toContainText(`--cacert ${caFile}`);
    await screenshot(page, 'tls-connection');
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
});
