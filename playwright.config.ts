import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tools/chromium.mjs';

// Playwright's own browser downloads are not used: the tests drive Debian's Chromium (tools/chromium.mjs).

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  // Each test starts its own server and data folder, so tests can run side by side; two fit two cores.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Limits that catch a hang, not timing checks: every wait polls for what the page shows (no sleeps), so a
  // passing test takes no longer for them; a CI machine under load needs the room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    headless: true,
    viewport: { width: 1360, height: 860 },
    colorScheme: 'light',
    // The console formats money and dates in the browser's locale; one fixed locale keeps the text assertions stable.
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
