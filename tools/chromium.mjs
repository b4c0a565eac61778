// How the developer tools drive a browser: Debian's Chromium (`apt-get install chromium`, at
// /usr/bin/chromium; CHROMIUM_PATH for another), not Playwright's own downloads, which cannot be fetched on
// machines that cannot reach Playwright's download host (docs/running.md). The browser tests
// (playwright.config.ts) and the checkout-frame benchmark launch it alike.

/** Chromium's flags for a headless run with nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary to launch. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
