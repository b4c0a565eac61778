import { describe, expect, it } from 'vitest';
import { encodeCursor, parsePageQuery, toPage } from './page-cursor';

describe('page query', () => {
  it('defaults to 20 from the start and reads a cursor back', () => {
    expect(parsePageQuery('')).toEqual({ ok: true, page: { pageSize: 20, after: 0 } });
    expect(parsePageQuery(`page_size=5&cursor=${encodeCursor(42)}`)).toEqual({
      ok: true,
      page: { pageSize: 5, after: 42 },
    });
  });

  it.each([
    ['page_size=0', 'page_size'],
    ['page_size=101', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['page_size=-1', 'page_size'],
    ['page_size=2.5', 'page_size'],
    ['cursor=nope', 'cursor'],
    [`cursor=${btoa('other:1')}`, 'cursor'],
  ])('refuses %s naming %s', (search, field) => {
    const r = parsePageQuery(search);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.path)).toEqual([field]);
  });

  it('cuts pageSize + 1 rows into a page and a cursor after its last row', () => {
    const rows = [1, 2, 3].map((seq) => ({ seq, item: `r${seq}` }));
    expect(toPage(rows, 2)).toEqual({ items: ['r1', 'r2'], next_cursor: encodeCursor(2) });
    expect(toPage(rows, 3)).toEqual({ items: ['r1', 'r2', 'r3'], next_cursor: null });
    expect(toPage([], 3)).toEqual({ items: [], next_cursor: null });
  });
});
