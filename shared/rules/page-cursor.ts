import type { FieldProblem } from '../schemas/common.schema';

/**
 * Keyset pagination shared by the elements and in-person APIs: `?page_size=&cursor=`. The cursor is an
 * opaque token holding the last row's sequence number, so pages stay stable while rows are added or
 * removed (an offset would skip or repeat rows).
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  pageSize: number;
  /** Return rows with a sequence number above this (0 = from the start). */
  after: number;
}

const PREFIX = 'seq:';

export function encodeCursor(seq: number): string {
  return btoa(`${PREFIX}${seq}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function decodeCursor(cursor: string): number | null {
  try {
    const text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    if (!text.startsWith(PREFIX)) return null;
    const n = Number(text.slice(PREFIX.length));
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

/** Reads `page_size` and `cursor` from a query string; problems name the parameter. */
export function parsePageQuery(
  search: string,
): { ok: true; page: PageRequest } | { ok: false; problems: FieldProblem[] } {
  const q = new URLSearchParams(search);
  const problems: FieldProblem[] = [];
  const sizeRaw = q.get('page_size');
  let pageSize = DEFAULT_PAGE_SIZE;
  if (sizeRaw !== null) {
    pageSize = /^\d{1,4}$/.test(sizeRaw) ? Number(sizeRaw) : NaN;
    if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      problems.push({
        path: 'page_size',
        message: `must be an integer from 1 to ${MAX_PAGE_SIZE}, got '${sizeRaw}'`,
      });
    }
  }
  const cursorRaw = q.get('cursor');
  let after = 0;
  if (cursorRaw !== null && cursorRaw !== '') {
    const seq = decodeCursor(cursorRaw);
    if (seq === null) {
      problems.push({ path: 'cursor', message: 'is not a cursor this API returned (use next_cursor as is)' });
    } else after = seq;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, page: { pageSize, after } };
}

/**
 * Turns `pageSize + 1` rows fetched after the cursor into one page and the next cursor (null on the last
 * page): fetching one extra row tells whether another page exists without a count query.
 */
export function toPage<T>(
  rows: readonly { seq: number; item: T }[],
  pageSize: number,
): { items: T[]; next_cursor: string | null } {
  const page = rows.slice(0, pageSize);
  const more = rows.length > pageSize;
  return {
    items: page.map((r) => r.item),
    next_cursor: more && page.length > 0 ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}
