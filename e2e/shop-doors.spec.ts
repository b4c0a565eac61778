import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

/*
 * The sample shop's back office against a real cross-site page: a page on another origin (localhost, while
 * the shop is on 127.0.0.1) posts the "Misbehave" form to the shop. Chromium sends the visitor's cookie
 * and the foreign Origin; the shop answers its 403 page and no switch changes. The shop's own form still
 * saves.
 */

/** A foreign site whose page posts the shop's switches form, with "sold out" and "never acknowledge" on. */
async function startForeignSite(shopUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head><body>
<form method="post" action="${shopUrl}/switches">
  <input type="hidden" name="soldOut" value="on">
  <input type="hidden" name="neverAcknowledge" value="on">
  <button data-testid="foreign-submit">Claim your prize</button>
</form></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Another site than the shop's 127.0.0.1: the browser marks the post cross-site.
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The refused post's 403 is the browser's one console error here, on purpose.
test.use({ expectedConsoleErrors: [/status of 403 \(Forbidden\) @ http:\/\/127\.0\.0\.1:\d+\/switches$/] });

test('a form posted to the shop from another site is refused with a 403 page and changes nothing', async ({
  page,
  sim,
}) => {
  expect(new URL(sim.shop).hostname).toBe('127.0.0.1');
  const foreign = await startForeignSite(sim.shop);
  try {
    await page.goto(sim.shop); // the visitor has a session cookie with the shop
    await page.goto(foreign.url);
    const answer = page.waitForResponse((r) => r.url() === `${sim.shop}/switches`);
    await page.getByTestId('foreign-submit').click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByTestId('cross-site-refused')).toContainText('The shop did not act on this form');

    await page.goto(`${sim.shop}/switches`);
    await expect(page.getByTestId('switch-soldOut')).not.toBeChecked();
    await expect(page.getByTestId('switch-neverAcknowledge')).not.toBeChecked();
    await expect(page.getByTestId('switches-banner')).toHaveCount(0);

    // The shop's own form, from its own page, is taken.
    await page.getByTestId('switch-soldOut').check();
    await page.getByTestId('switches-save').click();
    await expect(page.getByTestId('switches-saved')).toBeVisible();
    await expect(page.getByTestId('switch-soldOut')).toBeChecked();
  } finally {
    await foreign.close();
  }
});
