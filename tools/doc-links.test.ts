import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { headingSlugs, markdownLinks, slug } from './doc-links';

// Every relative link in README.md and docs/ leads somewhere: a file or folder of the repository, and,
// when it names an #anchor in a markdown page, a heading of that page (GitHub's slugs).
const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f));
}

const PAGES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** What is wrong with each relative link of a page, as `page:line: target: problem`. */
function brokenLinks(page: string): string[] {
  const text = readFileSync(page, 'utf8');
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path = '', anchor] = target.split('#', 2);
    const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
    const where = `${relative(ROOT, page)}:${line}: ${target}`;
    if (!file.startsWith(ROOT)) broken.push(`${where}: outside the repository`);
    else if (!existsSync(file)) broken.push(`${where}: no such file`);
    else if (anchor !== undefined) {
      if (statSync(file).isDirectory() || !file.endsWith('.md'))
        broken.push(`${where}: anchor on a non-page`);
      else if (!headingSlugs(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${where}: no such heading`);
    }
  }
  return broken;
}

describe('reading a page as GitHub does', () => {
  it('makes anchors by its slug rules', () => {
    expect(slug('Order management API (`/ordermanagement/v1`, Basic auth)')).toBe(
      'order-management-api-ordermanagementv1-basic-auth',
    );
    expect(slug("The console's log")).toBe('the-consoles-log');
    expect(slug('Test clocks: a clock per test')).toBe('test-clocks-a-clock-per-test');
    expect([...headingSlugs('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('skips links in code', () => {
    const page = '[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n[d](w.md#h)\n';
    expect(markdownLinks(page)).toEqual([
      { target: 'x.md', line: 1 },
      { target: 'w.md#h', line: 5 },
    ]);
  });
});

describe('the links of README.md and docs/', () => {
  it('finds the pages and their links', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    expect(markdownLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(PAGES.map((p) => [relative(ROOT, p), p]))('%s: every relative link resolves', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
