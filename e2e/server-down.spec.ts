import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startServer, stopServer, test } from './fixtures';
import { createOrder, screenshot } from './helpers';

// While the simulator is down the browser logs its failed requests (the event stream's reconnects, the
// pages' reads): expected here.
test.use({
  expectedConsoleErrors: [/net::ERR_CONNECTION_REFUSED|net::ERR_EMPTY_RESPONSE|Failed to load resource/],
});

const portOf = (url: string) => Number(new URL(url).port);

test('when the simulator goes away the console says so plainly, stops its clock, and recovers by itself', async ({
  page,
}) => {
  test.setTimeout(45_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'checkout-sim-e2e-down-'));
  let server = await startServer(dataDir);
  try {
    const { urls } = server;
    const orderId = String((await createOrder(urls.api)).order_id);
    await page.goto(`${urls.console}/#/orders/${orderId}`);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('sidebar-clock')).toHaveAttribute('data-ticking', 'true');
    await expect(page.getByTestId('server-down')).toHaveCount(0);

    // Stopped (as Ctrl+C would): the banner says what happened, that it retries, and how to start it.
    await stopServer(server.child);
    const banner = page.getByTestId('server-down');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('The simulator is not answering.');
    await expect(banner).toContainText('The console lost its connection at');
    await expect(banner).toContainText('keeps trying');
    await expect(banner).toContainText('npm start');
    await expect(page.getByTestId('live-status')).not.toHaveAttribute('data-state', 'open');
    // The clock stands still at its last reading.
    const clock = page.getByTestId('sidebar-clock');
    await expect(clock).toHaveAttribute('data-ticking', 'false');
    await expect(clock.getByTestId('sidebar-clock-mode')).toHaveText('■ no connection');
    const frozen = await clock.getByTestId('sidebar-clock-time').innerText();

    // A page that needs data says why it waits, instead of "Loading…".
    await page.getByTestId('nav-push').click();
    await expect(page.getByTestId('query-waiting').first()).toContainText(
      'Waiting for the simulator to load',
    );
    await expect(page.getByTestId('query-loading')).toHaveCount(0);
    await expect(clock.getByTestId('sidebar-clock-time')).toHaveText(frozen);
    await screenshot(page, 'server-down');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'server-down-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Back on the same ports and data: everything recovers without a reload.
    const config = join(dataDir, 'ports.json');
    await writeFile(
      config,
      JSON.stringify({
        ports: {
          api: portOf(urls.api),
          console: portOf(urls.console),
          integrator: portOf(urls.integrator),
          checkout: portOf(urls.checkout),
          shop: portOf(urls.shop),
        },
      }),
    );
    server = await startServer(dataDir, ['--config', config]);
    expect(server.urls.console).toBe(urls.console);
    await expect(banner).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('query-waiting')).toHaveCount(0);
    await expect(page.getByTestId('push-plan-spec')).toBeVisible();
    await expect(clock).toHaveAttribute('data-ticking', 'true');
    await page.getByTestId('nav-orders').click();
    await expect(page.getByTestId(`order-row-${orderId}`)).toBeVisible();
  } finally {
    await stopServer(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
});
