import { covers, formatAnswerPath, type AnswerPath, type PathSegment } from '@shared/rules/compare-path';

/*
 * The fields of two answers to the same callback that differ, each with its path (as --ignore writes it)
 * and both values. Values the simulator itself made (the run's order id, its own and the merchant's
 * addresses, which change with every run's ports) are replaced by a placeholder on both sides first.
 */

export interface FieldChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** Strings the simulator made for one run, and the placeholder each stands for in either run. */
export type Volatile = [value: string, placeholder: string][];

/** A body read as JSON when it is JSON, as its text when not, undefined when there is none. */
export function answerValue(body: string | null, volatile: Volatile): unknown {
  if (body === null || body === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = body;
  }
  return scrub(value, volatile);
}

function scrub(v: unknown, volatile: Volatile): unknown {
  if (typeof v === 'string')
    return volatile.reduce((s, [value, placeholder]) => (value ? s.split(value).join(placeholder) : s), v);
  if (Array.isArray(v)) return v.map((x) => scrub(x, volatile));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x, volatile)]));
  return v;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changes from `before` to `after` in the answer to `callback`, but under the ignored paths. */
export function answerChanges(
  callback: string,
  before: unknown,
  after: unknown,
  ignore: readonly AnswerPath[],
): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, body: PathSegment[]) => {
    const place = { callback, body };
    if (ignore.some((i) => covers(i, place))) return;
    const path = formatAnswerPath(place);
    if (a === undefined && b === undefined) return;
    if (a === undefined) return void out.push({ path, change: 'added', after: b });
    if (b === undefined) return void out.push({ path, change: 'removed', before: a });
    if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
      for (const key of keys) walk(a[key], b[key], [...body, { key }]);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], [...body, { index: i }]);
      return;
    }
    if (!sameValue(a, b)) out.push({ path, change: 'changed', before: a, after: b });
  };
  walk(before, after, []);
  return out;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as a difference line shows it: JSON, cut at 80 characters. */
export function shown(v: unknown): string {
  const s = v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
