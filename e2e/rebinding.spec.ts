import { createOrder } from './helpers';
import { expect, test } from './fixtures';

/*
 * DNS rebinding in a real browser: Chromium resolves a foreign name to this machine (as a rebinding
 * attacker's DNS would), so the page's requests reach the embedded checkout and the sample shop, but with
 * that foreign name in Host. Both refuse them; their own names (localhost, 127.0.0.1) still work.
 */
const FOREIGN = 'rebound.evil.test';

test('the embedded checkout and the sample shop refuse a page on a rebound foreign name', async ({
  playwright,
  sim,
}) => {
  const order = await createOrder(sim.api);
  const token = /token=([A-Za-z0-9_-]+)/.exec(String(order.html_snippet))![1]!;
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${FOREIGN} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    const checkout = new URL(sim.checkout);
    const frame = (host: string) =>
      `http://${host}:${checkout.port}/kco/frame/${String(order.order_id)}?token=${token}`;

    const refused = await page.goto(frame(FOREIGN));
    expect(refused!.status()).toBe(403);
    expect(await refused!.json()).toMatchObject({ error: { code: 'HOST_NOT_ALLOWED' } });
    const own = await page.goto(frame('localhost'));
    expect(own!.status()).toBe(200);

    const shop = new URL(sim.shop);
    const shopRefused = await page.goto(`http://${FOREIGN}:${shop.port}/`);
    expect(shopRefused!.status()).toBe(403);
    await expect(page.getByTestId('host-refused')).toContainText(FOREIGN);
    expect((await page.goto(`http://localhost:${shop.port}/`))!.status()).toBe(200);
  } finally {
    await browser.close();
  }
});
