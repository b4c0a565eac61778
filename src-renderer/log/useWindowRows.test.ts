import { describe, expect, it } from 'vitest';
import { visibleRows } from './useWindowRows';

describe('visibleRows', () => {
  it('covers the viewport and the overscan, within the list', () => {
    // The list starts 300 px below the viewport's top: rows 0 to 17 of 34 px fit in 860 px, plus 5.
    expect(visibleRows(1000, 34, 300, 860, 5)).toEqual({ start: 0, end: 22 });
    // Scrolled 34,000 px into it: row 1000 is at the top.
    expect(visibleRows(100_000, 34, -34_000, 860, 5)).toEqual({ start: 995, end: 1031 });
    expect(visibleRows(10, 34, -34_000, 860, 5)).toEqual({ start: 10, end: 10 });
    expect(visibleRows(0, 34, 0, 860)).toEqual({ start: 0, end: 0 });
  });
});
