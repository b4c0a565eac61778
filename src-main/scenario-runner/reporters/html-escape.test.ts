// Text as the HTML report shows it, and its moments.
import { describe, expect, it } from 'vitest';
import { formatTimeIn } from '@shared/rules/time-format';
import { esc } from './html-escape';
import { reportLocale, reportTime, reportTimeText } from './html-time';
import { HTML_STYLE } from './html-style';

describe('esc', () => {
  it('writes the five markup characters as entities, anything else as text', () => {
    expect(esc(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    expect(esc(42)).toBe('42');
    expect(esc(null)).toBe('null');
    expect(esc('plain')).toBe('plain');
  });
});

describe('a moment', () => {
  it('as text in the given locale, and as markup with the ISO value beside it', () => {
    const iso = '2026-12-04T23:47:53.000Z';
    expect(reportTimeText(iso, 'en-GB')).toBe(formatTimeIn(iso, 'en-GB'));
    expect(reportTime(iso, 'en-GB')).toBe(
      `<time datetime="${iso}" title="${iso}">${formatTimeIn(iso, 'en-GB')}</time>`,
    );
    expect(reportLocale()).toBe(Intl.DateTimeFormat().resolvedOptions().locale);
    expect(reportTimeText(iso)).toBe(formatTimeIn(iso, reportLocale()));
  });
});

describe('the stylesheet', () => {
  it('follows the system’s light and dark', () => {
    expect(HTML_STYLE).toContain('@media (prefers-color-scheme: dark)');
  });
});
