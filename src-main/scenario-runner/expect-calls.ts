import { formatDuration, parseDuration } from '@shared/rules/duration';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { ExpectationResult } from '@shared/schemas/scenario-report.schema';
import type { Expectation, Occurrence } from '@shared/schemas/scenario.schema';
import type { StepName } from '@shared/schemas/session.schema';

/*
 * The expectations about calls and steps that happen more than once (callback, cart_after, step): each
 * judges the one or the ones `occurrence` picks, and says which in its text.
 */

export type Verdict = Omit<ExpectationResult, 'text'>;
export const pass = (expected: string, seen: string, exchange_ids: string[] = []): Verdict => ({
  passed: true,
  expected,
  seen,
  exchange_ids,
});
export const fail = (expected: string, seen: string, exchange_ids: string[] = []): Verdict => ({
  passed: false,
  expected,
  seen,
  exchange_ids,
});
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** `every push`, `the first validation`, `the 2nd complete step`. */
export function occurrenceWords(o: Occurrence, what: string): string {
  if (o === 'every') return `every ${what}`;
  return `the ${typeof o === 'number' ? ordinal(o) : o} ${what}`;
}

/** The items an occurrence picks, or why there is none to judge. */
export function pick<T>(items: T[], o: Occurrence, what: string): T[] | { missing: string } {
  if (items.length === 0) return { missing: `no ${what} was made` };
  if (o === 'every') return items;
  if (o === 'first') return [items[0]!];
  if (o === 'last') return [items.at(-1)!];
  if (items.length < o) return { missing: `only ${plural(items.length, what)}, no ${ordinal(o)}` };
  return [items[o - 1]!];
}

export const callsOf = (exchanges: Exchange[], kind: string) =>
  exchanges.filter((x) => x.direction === 'out' && x.kind === kind && !x.replay_of);

export function statusMatches(status: number | null, pattern: string): boolean {
  if (status === null) return false;
  return pattern.endsWith('xx') ? String(status)[0] === pattern[0] : String(status) === pattern;
}

/**
 * A call that got no answer within its time limit: the log records no status and `[no answer: timeout]`
 * (or, under `abandon_slow_callback`, `[no answer: abandoned after …]`) as the answer's body.
 */
export const timedOut = (x: Exchange) =>
  x.status === null && /^\[no answer: (timeout|abandoned)/.test(x.response.body ?? '');

/** How a call went, in words: `200 in 12 ms`, `timed out after 10 s`, `no answer (refused) after 3 ms`. */
export function callText(x: Exchange): string {
  const fault = x.fault ? ` (${x.fault})` : '';
  if (x.status !== null) return `${x.status} in ${formatDuration(x.duration_ms)}${fault}`;
  if (timedOut(x)) return `timed out after ${formatDuration(x.duration_ms)}${fault}`;
  const why = /^\[no answer: (.*)\]$/s.exec(x.response.body ?? '')?.[1] ?? 'no answer';
  return `no answer (${why}) after ${formatDuration(x.duration_ms)}${fault}`;
}

const list = (xs: Exchange[]) => xs.slice(0, 6).map(callText).join(', ') + (xs.length > 6 ? ', …' : '');

export function callback(
  c: Extract<Expectation, { callback: unknown }>['callback'],
  exchanges: Exchange[],
): [string, Verdict] {
  const status = c.status ?? '2xx';
  const limit = c.within && status !== 'timeout' ? parseDuration(c.within)! : null;
  const occurrence = c.occurrence ?? 'every';
  const how =
    status === 'timeout'
      ? 'timed out (no answer within the time limit)'
      : `answered ${status}${limit !== null ? ` within ${formatDuration(limit)}` : ''}`;
  const text = `${occurrenceWords(occurrence, c.name)} ${how}`;
  const expected = `${occurrence === 'every' ? `at least one ${c.name}, each` : occurrenceWords(occurrence, c.name)} ${how}`;
  const all = callsOf(exchanges, c.name);
  const chosen = pick(all, occurrence, c.name);
  if ('missing' in chosen) return [text, fail(expected, chosen.missing)];
  const ok = (x: Exchange) =>
    status === 'timeout'
      ? timedOut(x)
      : statusMatches(x.status, status) && (limit === null || x.duration_ms <= limit);
  const bad = chosen.filter((x) => !ok(x));
  const ids = chosen.map((x) => x.id);
  const of = occurrence === 'every' ? plural(all.length, 'call') : `of ${plural(all.length, 'call')}`;
  if (bad.length === 0)
    return [
      text,
      pass(expected, occurrence === 'every' ? `${of}: ${list(chosen)}` : `${list(chosen)} (${of})`, ids),
    ];
  const seen =
    occurrence === 'every' ? `${bad.length} of ${of} did not: ${list(bad)}` : `${list(bad)} (${of})`;
  return [
    text,
    fail(
      expected,
      seen,
      bad.map((x) => x.id),
    ),
  ];
}

function parseBody(x: Exchange): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(x.response.body ?? '');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type CartWant = Extract<Expectation, { cart_after: unknown }>['cart_after'];
const describeLine = (l: { type?: string; reference?: string; name?: string }) =>
  [l.type, l.reference && `reference ${l.reference}`, l.name && `“${l.name}”`].filter(Boolean).join(' ');

/** What one answered cart lacks (empty when it has all), and what it held. */
function cartProblems(c: CartWant, call: Exchange): { problems: string[]; seen: string } {
  if (!statusMatches(call.status, '2xx'))
    return { problems: [`answered ${call.status ?? callText(call)}`], seen: callText(call) };
  const body = parseBody(call);
  const lines = Array.isArray(body?.order_lines) ? (body.order_lines as Record<string, unknown>[]) : null;
  if (!body || !lines)
    return { problems: ['the merchant answered without a cart (no order_lines)'], seen: '' };
  const seenLines = `lines: ${lines.map((l) => `${String(l.type ?? 'physical')} ${String(l.reference ?? l.name ?? '')}`.trim()).join(', ') || 'none'}`;
  const problems: string[] = [];
  if (c.has_line) {
    const want = c.has_line;
    if (!lines.some((l) => Object.entries(want).every(([k, v]) => l[k] === v)))
      problems.push(`no ${describeLine(want)} line`);
  }
  if (c.lines_of_type) {
    const n = lines.filter((l) => (l.type ?? 'physical') === c.lines_of_type!.type).length;
    if (n !== c.lines_of_type.count) problems.push(plural(n, `${c.lines_of_type.type} line`));
  }
  if (c.purchase_currency && body.purchase_currency === undefined) problems.push('no purchase_currency');
  else if (c.purchase_currency && body.purchase_currency !== c.purchase_currency)
    problems.push(`purchase_currency ${String(body.purchase_currency)}`);
  const currency = body.purchase_currency ? `; purchase_currency ${String(body.purchase_currency)}` : '';
  return { problems, seen: `${seenLines}${currency}` };
}

export function cartAfter(c: CartWant, exchanges: Exchange[]): [string, Verdict] {
  const wants: string[] = [];
  if (c.has_line) wants.push(`a ${describeLine(c.has_line)} line`);
  if (c.lines_of_type) wants.push(`${plural(c.lines_of_type.count, `${c.lines_of_type.type} line`)}`);
  if (c.purchase_currency) wants.push(`purchase_currency ${c.purchase_currency}`);
  const what = wants.join(' and ') || 'order lines';
  const occurrence = c.occurrence ?? 'last';
  const text =
    occurrence === 'last'
      ? `the cart after ${c.callback} has ${what}`
      : `the cart after ${occurrenceWords(occurrence, c.callback)} has ${what}`;
  const expected = `the cart answered to ${occurrenceWords(occurrence, c.callback)} with ${what}`;
  const chosen = pick(callsOf(exchanges, c.callback), occurrence, c.callback);
  if ('missing' in chosen) return [text, fail(expected, chosen.missing)];
  const judged = chosen.map((call) => ({ call, ...cartProblems(c, call) }));
  const bad = judged.filter((j) => j.problems.length);
  const ids = chosen.map((x) => x.id);
  if (bad.length === 0) return [text, pass(expected, judged.map((j) => j.seen).join(' | '), ids)];
  const seen = bad.map((j) => `${j.problems.join('; ')}${j.seen ? ` (${j.seen})` : ''}`).join(' | ');
  return [
    text,
    fail(
      expected,
      seen,
      bad.map((j) => j.call.id),
    ),
  ];
}

export interface StepSeen {
  name: StepName;
  outcome: string;
  exchange_ids: string[];
}

export function stepOutcome(
  s: Extract<Expectation, { step: unknown }>['step'],
  steps: StepSeen[],
): [string, Verdict] {
  const occurrence = s.occurrence ?? 'last';
  const which = occurrenceWords(occurrence, `${s.name} step`);
  const text = occurrence === 'last' ? `the ${s.name} step ${s.outcome}` : `${which} ${s.outcome}`;
  const expected = `${which}’s outcome ${s.outcome}`;
  const all = steps.filter((x) => x.name === s.name);
  if (all.length === 0) return [text, fail(expected, `the scenario took no ${s.name} step`)];
  const chosen = pick(all, occurrence, `${s.name} step`);
  if ('missing' in chosen) return [text, fail(expected, chosen.missing)];
  const outcomes = all.map((x) => x.outcome).join(', ');
  const seen = `${chosen.length === 1 ? `outcome ${chosen[0]!.outcome}` : `outcomes ${chosen.map((x) => x.outcome).join(', ')}`}${all.length > 1 ? ` (all ${all.length}: ${outcomes})` : ''}`;
  const ids = chosen.flatMap((x) => x.exchange_ids);
  return [
    text,
    chosen.every((x) => x.outcome === s.outcome) ? pass(expected, seen, ids) : fail(expected, seen, ids),
  ];
}
