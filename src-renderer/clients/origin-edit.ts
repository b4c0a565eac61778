import { checkOrigin } from '@shared/rules/origins';
import { type FormErrors } from '../form/problems';

/** The entries typed into an origins box: one per line (commas and spaces separate too), blanks dropped. */
export function splitOriginInput(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * What adding these entries would do, judged with the API's own rule: which are new, and which are already
 * allowed (in the form the API keeps, e.g. `HTTPS://Shop.example.com:443` is `https://shop.example.com`).
 * Entries the rule refuses count as new: the simulator names them when they are sent.
 */
export function previewAdd(
  existing: readonly string[],
  entries: readonly string[],
): { added: string[]; duplicates: string[] } {
  const added: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set(existing);
  for (const entry of entries) {
    const check = checkOrigin(entry);
    const key = check.ok ? check.origin : entry;
    if (seen.has(key)) duplicates.push(entry);
    else {
      seen.add(key);
      added.push(entry);
    }
  }
  return { added, duplicates };
}

/** The list without one origin (for "Remove", sent as a replace). */
export function withoutOrigin(list: readonly string[], origin: string): string[] {
  return list.filter((o) => o !== origin);
}

/** One refused entry: its position in what was sent, its text, and the simulator's reason. */
export interface EntryProblem {
  index: number;
  entry: string | undefined;
  message: string;
}

/**
 * The simulator's problems about a list of origins (`allowed_origins[2]: 'x' must use https`), each tied to
 * the entry it names, in the order they were sent. Problems about the list as a whole get index -1.
 */
export function originProblems(
  errors: FormErrors | null,
  sent: readonly string[],
  field = 'allowed_origins',
): EntryProblem[] {
  const out: EntryProblem[] = [];
  for (const p of errors?.problems ?? []) {
    if (p.path === field) {
      out.push({ index: -1, entry: undefined, message: p.message });
      continue;
    }
    const m = new RegExp(`^${field}\\[(\\d+)\\]$`).exec(p.path);
    if (m) out.push({ index: Number(m[1]), entry: sent[Number(m[1])], message: p.message });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** A page of a list, 0-based, with how many pages there are (at least one). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pages };
}
