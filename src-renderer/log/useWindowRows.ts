import { type RefObject, useLayoutEffect, useState } from 'react';

export interface RowWindow {
  /** The first row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
}

/** Rows rendered beyond the screen's edges, so a quick scroll does not show blank space. */
const OVERSCAN = 12;

/** The rows of a list of fixed-height rows that the window's viewport shows now. */
export function visibleRows(
  count: number,
  rowHeight: number,
  listTop: number,
  viewportHeight: number,
  overscan = OVERSCAN,
): RowWindow {
  const first = Math.floor(-listTop / rowHeight) - overscan;
  const last = Math.ceil((viewportHeight - listTop) / rowHeight) + overscan;
  const start = Math.min(count, Math.max(0, first));
  return { start, end: Math.min(count, Math.max(start, last)) };
}

/**
 * Renders only the rows in view of a long list that scrolls with the document (the console's pages do):
 * the list element's place on screen decides the window, recomputed at most once a frame on scroll and
 * resize. A hundred thousand rows cost what fifty do.
 */
export function useWindowRows(
  ref: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [win, setWin] = useState<RowWindow>(() => ({ start: 0, end: Math.min(count, 60) }));
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      const next = visibleRows(count, rowHeight, el.getBoundingClientRect().top, window.innerHeight);
      setWin((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, count, rowHeight]);
  return win;
}
