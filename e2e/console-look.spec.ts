import { type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { buyInTheShop, createOrder, SAMPLE_ORDER } from './helpers';
import { startMerchantStub } from './merchant-stub';
import { SAMPLE_ADDRESS } from '../shared/samples/samples';

/*
 * The console as a user looks at it: every page in light and dark, at the default window (1360×860) and at a
 * small laptop's (1024×768). Each picture is saved under test-results/console-look/ for a human to look at,
 * and each page is checked for what a picture shows but a functional test does not: a key cell or heading
 * cut without its full text on hover, and (on a failed order) the failure below the first screen.
 */

const SIZES = [
  { width: 1360, height: 860 },
  { width: 1024, height: 768 },
] as const;
const THEMES = ['light', 'dark'] as const;
const DIR = 'test-results/console-look';

/** Key cells and headings: where a cut text hides what the user came for. */
const KEY_TEXT = [
  'h1',
  'h2',
  'h3',
  'th',
  'td',
  'label',
  'summary',
  '.badge',
  '.step-label',
  '.step-summary',
  '.first-failure',
  '.order-headline',
  'input[placeholder]',
  'select',
  '.table-wrap',
  '.card',
].join(',');

/** Elements whose text overflows their box with nothing (a title on it or an ancestor) to show the rest. */
async function cutWithoutTitle(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility()) continue; // not shown (folded away, or display: none)
      if (el.closest('[data-look-skip]')) continue;
      if (el.classList.contains('table-wrap')) {
        // A table cut at the window's edge hides whole columns.
        if (el.scrollWidth > el.clientWidth + 1)
          cut.push(`a table scrolls sideways: ${el.querySelector('th:last-child')?.textContent}`);
        continue;
      }
      if (el.classList.contains('card')) {
        // Content wider than its card runs past the card's edge (or under the window's).
        if (el.scrollWidth > el.clientWidth + 1)
          cut.push(`content wider than its card: ${el.querySelector('h2, h3')?.textContent ?? el.className}`);
        continue;
      }
      const input = el instanceof HTMLInputElement ? el : null;
      let over = el.scrollWidth > el.clientWidth + 1;
      if (el instanceof HTMLSelectElement) {
        // A select draws its chosen option in its box, less the padding and the arrow (about 20 px).
        const canvas = document.createElement('canvas').getContext('2d')!;
        const style = getComputedStyle(el);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        const text = el.selectedOptions[0]?.text ?? '';
        if (canvas.measureText(text).width > room + 1) cut.push(`select: "${text}" is cut`);
        continue;
      }
      if (input) {
        // An input's placeholder: measured the way it is drawn, in the input's font and padding.
        const canvas = document.createElement('canvas').getContext('2d')!;
        const style = getComputedStyle(input);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        over =
          input.value === '' && canvas.measureText(input.placeholder).width > input.clientWidth - padding + 1;
      }
      if (!over) continue;
      if (el.closest('[title]')) continue;
      const text = input ? `placeholder "${input.placeholder}"` : (el.textContent ?? '').trim().slice(0, 60);
      const id = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      cut.push(`${el.tagName.toLowerCase()}${id ? ` in ${id}` : ''}: ${text}`);
    }
    return cut;
  }, KEY_TEXT);
}

test('every page, light and dark, 1360×860 and 1024×768: nothing cut without its text, failures in view', async ({
  page,
  sim,
}) => {
  test.setTimeout(240_000);
  await mkdir(DIR, { recursive: true });
  const purchased = await buyInTheShop(page, sim.shop);

  // An order whose merchant refuses the address with a 500: a failed step, and http URLs production refuses.
  const merchant = await startMerchantStub({ '/address': () => ({ status: 500, body: { oops: true } }) });
  try {
    const failed = String(
      (
        await createOrder(sim.api, {
          ...SAMPLE_ORDER,
          merchant_urls: {
            ...SAMPLE_ORDER.merchant_urls,
            address_update: `${merchant.url}/address`,
            validation: `${merchant.url}/validation`,
          },
        })
      ).order_id,
    );
    const step = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${failed}/address`, {
      billing_address: SAMPLE_ADDRESS,
    });
    expect(step.json.outcome).toBe('failed');
    const exchanges = await callApi(sim.api, 'GET', `/test_helpers/exchanges?order_id=${purchased}`);
    const someExchange = (exchanges.json.exchanges as Array<{ id: string }>).at(-1)!.id;
    // A test clock with the failed order bound to it, so the Push page's Test clocks panel has a row to show.
    const made = await callApi(sim.api, 'POST', '/test_helpers/test_clocks', { name: 'Expiry after 48 h' });
    const clockId = String(made.json.clock_id);
    await callApi(sim.api, 'POST', `/test_helpers/test_clocks/${clockId}/bindings`, { order_id: failed });

    const pages: Array<{ name: string; hash: string; ready: string }> = [
      { name: 'orders', hash: '#/orders', ready: 'orders-list' },
      { name: 'order-failed', hash: `#/orders/${failed}`, ready: 'order-headline' },
      { name: 'order-purchased', hash: `#/orders/${purchased}`, ready: 'stepper' },
      { name: 'push', hash: '#/push', ready: 'push-recent' },
      { name: 'log-panel', hash: `#/log?exchange=${someExchange}`, ready: 'log-panel' },
      { name: 'settings', hash: '#/settings', ready: 'settings-page' },
      { name: 'terminals', hash: '#/terminals', ready: 'terminals-page' },
      { name: 'scenarios', hash: '#/scenarios', ready: 'scenarios-page' },
      { name: 'shipping', hash: '#/shipping', ready: 'shipping-page' },
    ];
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        for (const p of pages) {
          await page.goto(`${sim.console}/${p.hash}`);
          await expect(page.getByTestId(p.ready).first()).toBeVisible();
          // A hash change keeps the scroll of the page before: each picture starts at the top.
          await page.evaluate(() => window.scrollTo(0, 0));
          const label = `${p.name}-${size.width}x${size.height}-${theme}`;
          await page.screenshot({ path: `${DIR}/${label}.png` });
          for (const c of await cutWithoutTitle(page)) problems.push(`${label}: ${c}`);
          if (p.name === 'push' || p.name === 'settings') {
            // Below the first screen: the Test clocks panel (Push), the log's cap and the faults (Settings).
            await expect(
              page.getByTestId(p.name === 'push' ? 'test-clock-row' : 'settings-log-cap'),
            ).toBeVisible();
            await page.screenshot({ path: `${DIR}/${label}-full.png`, fullPage: true });
          }
          if (p.name.startsWith('order-')) {
            // The whole order, for a human to judge the length; a plain purchase fits in two screens.
            await page.screenshot({ path: `${DIR}/${label}-full.png`, fullPage: true });
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            if (p.name === 'order-purchased' && size.width === 1360 && height > 2 * size.height) {
              problems.push(`${label}: ${height} px tall, more than two screens`);
            }
          }
          if (p.name === 'push') {
            // What the README promises a newcomer: the purchase just made, acknowledged (before any push).
            const row = page.locator(`[data-testid=push-recent-row][data-order-id="${purchased}"]`);
            await expect(row.getByTestId('push-recent-state')).toHaveText(
              'acknowledged before the first push (no push was needed)',
            );
          }
          if (p.name === 'log-panel') {
            // A row low on the screen opens in the panel without moving the page, and the panel's head stays in view.
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            const before = await page.evaluate(() => window.scrollY);
            const rows = page.getByTestId('log-row');
            const low = await rows.evaluateAll(
              (els, h) => els.findLastIndex((el) => el.getBoundingClientRect().bottom < h - 10),
              size.height,
            );
            await rows.nth(low).click();
            await expect(rows.nth(low)).toHaveAttribute('aria-selected', 'true');
            const after = await page.evaluate(() => window.scrollY);
            if (after !== before)
              problems.push(`${label}: a click on a row scrolled the page ${after - before} px`);
            const close = (await page.getByTestId('log-panel-close').boundingBox())!;
            if (close.y < 0) problems.push(`${label}: the panel's close button is above the screen`);
            await page.screenshot({ path: `${DIR}/${label}-low-row.png` });
          }
          if (p.name === 'order-failed') {
            // The failure is the order's headline (issue 34 point 2), in the failure colour.
            const failure = page.getByTestId('order-headline').and(page.locator('[data-tone=bad]'));
            const box = (await failure.count()) === 1 ? await failure.boundingBox() : null;
            if (!box || box.y + box.height > size.height) {
              problems.push(`${label}: the failure is not in the first screen`);
            }
          }
        }
      }
    }
    // After +1 day the clock is ahead of the computer's, and the header says so until Back to now.
    await page.setViewportSize(SIZES[0]);
    await page.goto(`${sim.console}/#/push`);
    await page.getByTestId('clock-plus-day').click();
    await expect(page.getByTestId('sidebar-clock-ahead')).toContainText(/^1\u00a0d/);
    await expect(page.getByTestId('clock-ahead')).toContainText('keep their simulator times');
    await page.screenshot({ path: `${DIR}/push-clock-ahead.png` });
    await page.getByTestId('clock-back-to-now').click();
    await expect(page.getByTestId('clock-back-message')).toContainText('keep');
    await expect(page.getByTestId('sidebar-clock-ahead')).toHaveCount(0);
    await expect(page.getByTestId('clock-back-to-now')).toBeDisabled();

    // Settings: the reset beside its field; the theme switch applies at once and is remembered by the simulator.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${sim.console}/#/settings`);
    const field = (await page.locator('input[data-testid=settings-timeout]').boundingBox())!;
    const reset = (await page.getByTestId('settings-default').boundingBox())!;
    expect(Math.abs(reset.y + reset.height / 2 - (field.y + field.height / 2))).toBeLessThan(4);
    expect(reset.x).toBeGreaterThan(field.x + field.width);
    await page.getByTestId('settings-theme-dark').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByTestId('settings-theme-dark')).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(18, 19, 23)'); // dark, although the system (emulated) is light
    await page.screenshot({ path: `${DIR}/settings-theme-dark-on-light-system.png` });
    await page.getByTestId('settings-theme-system').check();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);

    expect(problems).toEqual([]);
  } finally {
    await merchant.close();
  }
});
