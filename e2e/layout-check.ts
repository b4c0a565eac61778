import { type Locator, type Page } from '@playwright/test';

/** The four looks every screen is checked in: the default window and a small one, light and dark. */
export const LOOKS = [
  { name: '1360-light', width: 1360, height: 860, scheme: 'light' },
  { name: '1360-dark', width: 1360, height: 860, scheme: 'dark' },
  { name: '1024-light', width: 1024, height: 768, scheme: 'light' },
  { name: '1024-dark', width: 1024, height: 768, scheme: 'dark' },
] as const;
export type Look = (typeof LOOKS)[number];

/** Puts the page in a look: its window size and colour scheme. */
export async function wear(page: Page, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.emulateMedia({ colorScheme: look.scheme });
}

/**
 * What runs past its box inside `root`: an element whose right edge is beyond the root's, or one that
 * scrolls sideways (scrollWidth > clientWidth) without meaning to. Cut text with an ellipsis is not an
 * overflow (it is said so), and a code block may scroll on its own. Answers one line per offender.
 */
export function overflowsIn(root: Locator): Promise<string[]> {
  return root.evaluate((rootEl) => {
    const edge = rootEl.getBoundingClientRect().right + 1;
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const scrollsOnPurpose = (el: Element) =>
      el.closest('pre, .code-block, .table-wrap:not(.log-table-wrap)');
    for (const el of [rootEl, ...rootEl.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (scrollsOnPurpose(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > edge)
        out.push(`past the edge by ${Math.round(r.right - edge)}px: ${name(el)}`);
      const cut = style.textOverflow === 'ellipsis';
      if (!cut && el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(style.overflowX))
        out.push(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${name(el)}`);
    }
    return out;
  });
}

/** Whether the whole page scrolls sideways (it never should). */
export function pageOverflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Saves the look for a human to read (test-results/screens/<name>.png), from the top of the page. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}
