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

  it.each([
    ['page_size=1', 1],
    ['page_size=100', 100],
    ['page_size=0100', 100],
  ])('takes %s', (search, pageSize) => {
    expect(parsePageQuery(search)).toEqual({ ok: true, page: { pageSize, after: 0 } });
  });

  it.each([
    ['page_size=', "must be an integer from 1 to 100, got ''"],
    ['page_size=x5', "must be an integer from 1 to 100, got 'x5'"],
    ['page_size=5x', "must be an integer from 1 to 100, got '5x'"],
    ['page_size=10000', "must be an integer from 1 to 100, got '10000'"],
  ])('refuses %s: %s', (search, message) => {
    expect(parsePageQuery(search)).toEqual({ ok: false, problems: [{ path: 'page_size', message }] });
  });

  it('names both parameters when both are wrong, and reads an empty cursor as the start', () => {
    expect(parsePageQuery('page_size=0&cursor=nope')).toEqual({
      ok: false,
      problems: [
        { path: 'page_size', message: "must be an integer from 1 to 100, got '0'" },
        { path: 'cursor', message: 'is not a cursor this API returned (use next_cursor as is)' },
      ],
    });
    expect(parsePageQuery('cursor=')).toEqual({ ok: true, page: { pageSize: 20, after: 0 } });
  });

  // Cursors travel in a query string: base64url without padding, and any sequence number round-trips.
  it.each([0, 1, 62, 100, 4094, 2 ** 40])('round-trips the cursor of row %i, URL-safe', (seq) => {
    const cursor = encodeCursor(seq);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parsePageQuery(`cursor=${cursor}`)).toEqual({ ok: true, page: { pageSize: 20, after: seq } });
  });

  it.each([
    ['a negative row', btoa('seq:-1')],
    ['a fraction', btoa('seq:1.5')],
    ['an unsafe integer', btoa(`seq:${2 ** 53}`)],
    ['no number', btoa('seq:x')],
    ['text before the prefix', btoa('xseq:1')],
    ['a bare number', btoa('42')],
    ['text that is not base64', 'x'],
  ])('refuses the cursor of %s', (_, cursor) => {
    expect(parsePageQuery(`cursor=${encodeURIComponent(cursor)}`).ok).toBe(false);
  });

  it('cuts pageSize + 1 rows into a page and a cursor after its last row', () => {
    const rows = [1, 2, 3].map((seq) => ({ seq, item: `r${seq}` }));
    expect(toPage(rows, 2)).toEqual({ items: ['r1', 'r2'], next_cursor: encodeCursor(2) });
    expect(toPage(rows, 3)).toEqual({ items: ['r1', 'r2', 'r3'], next_cursor: null });
    expect(toPage([], 3)).toEqual({ items: [], next_cursor: null });
  });
});
