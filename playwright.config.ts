import { defineConfig } from '@playwright/test';

// Playwright's own browser downloads are not used: the tests drive Debian's Chromium (`apt-get install
// chromium`, at /usr/bin/chromium; CHROMIUM_PATH for another), which works on machines that cannot reach
// Playwright's download host (docs/running.md).
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  // Each test starts its own server and data folder, so tests can run side by side; two fit two cores.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
