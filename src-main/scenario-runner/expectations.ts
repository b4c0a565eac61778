import { formatDuration, parseDuration } from '@shared/rules/duration';
import { formatMinor } from '@shared/rules/money';
import { formatMoneyIn } from '@shared/rules/money-format';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { ExpectationResult } from '@shared/schemas/scenario-report.schema';
import type { Expectation, FieldMatch } from '@shared/schemas/scenario.schema';
import { sessionAtEnd } from './expect-session';
import { invariant } from './invariants';
import { matches, wantText } from './field-match';
import { callback, cartAfter, fail, pass, plural, stepOutcome, type Verdict } from './expect-calls';

import type { Evidence } from './evidence-shape';
export type { Evidence, PageSeen } from './evidence-shape';

const ms = (a: string, b: string) => Date.parse(b) - Date.parse(a);

/**
 * An amount of the order as the console and the checkout write it (issue 34 point 4): in the order's
 * locale and currency, with the minor units beside it, which is what the API and the file speak.
 */
export function orderMoney(amount: number, om: Record<string, unknown>): string {
  const currency = typeof om.purchase_currency === 'string' ? om.purchase_currency : '';
  const locale = typeof om.locale === 'string' ? om.locale : '';
  const shown = !currency
    ? formatMinor(amount)
    : locale
      ? formatMoneyIn(amount, currency, locale)
      : formatMinor(amount, currency);
  return `${shown} (${amount})`;
}

/** Judges one expectation; the text says it in words, expected and seen say what differed. */
export function judge(e: Expectation, ev: Evidence): ExpectationResult {
  const [text, verdict] = judgeOne(e, ev);
  return { text, ...verdict };
}

function judgeOne(e: Expectation, ev: Evidence): [string, Verdict] {
  if ('callback' in e) return callback(e.callback, ev.exchanges);
  if ('cart_after' in e) return cartAfter(e.cart_after, ev.exchanges);
  if ('acknowledged' in e) return acknowledged(e.acknowledged, ev);
  if ('captured' in e) return captured(e.captured, ev);
  if ('push_attempts' in e) return pushAttempts(e.push_attempts, ev);
  if ('no_violations' in e) return noViolations(e.no_violations, ev);
  if ('step' in e) return stepOutcome(e.step, ev.steps);
  if ('order_management' in e)
    return fields(
      'the order management read',
      e.order_management,
      ev.om,
      'the order is not in order management',
    );
  if ('session' in e) return sessionAtEnd(e.session, ev.session ?? null);
  if ('invariant' in e) return invariant(e.invariant, ev, e.merchant_state);
  return fields('the customer’s view', e.customer_view, ev.view, 'the customer’s view could not be read');
}

/** When the order completed, or its first push was sent; null with the reason when there is none. */
function anchorOf(
  anchor: 'completion' | 'first_push',
  push: PushTimeline,
): { at: string; words: string } | { missing: string } {
  if (anchor === 'completion') return { at: push.completed_at, words: 'the completion' };
  const first = push.attempts[0];
  if (!first)
    return {
      missing: `no push was sent yet (the first is due ${push.first_attempt_at ?? 'never'}; advance the clock past it)`,
    };
  return { at: first.sent_at, words: 'the first push' };
}

function attemptsText(push: PushTimeline): string {
  const first = push.attempts[0];
  if (!first) return 'no push attempt';
  const list = push.attempts
    .slice(0, 8)
    .map((a) => `+${formatDuration(ms(first.sent_at, a.sent_at))} ${a.status ?? a.outcome}`)
    .join(', ');
  return `${plural(push.attempts.length, 'push attempt')} (${list}${push.attempts.length > 8 ? ', …' : ''})`;
}

function acknowledged(
  a: Extract<Expectation, { acknowledged: unknown }>['acknowledged'],
  ev: Evidence,
): [string, Verdict] {
  const within = parseDuration(a.within)!;
  const anchor = a.after ?? 'first_push';
  const words = anchor === 'first_push' ? 'the first push' : 'the completion';
  const text = `acknowledged within ${formatDuration(within)} of ${words}`;
  const expected = `POST …/acknowledge at most ${formatDuration(within)} after ${words}`;
  const push = ev.push;
  if (!push) return [text, fail(expected, 'the order never completed')];
  const from = anchorOf(anchor, push);
  const ids = push.attempts.map((x) => x.exchange_id).filter((x): x is string => x !== null);
  const ackIds = ev.exchanges.filter((x) => x.kind === 'ordermanagement.acknowledge').map((x) => x.id);
  if ('missing' in from) return [text, fail(expected, from.missing, ids)];
  if (!push.acknowledged_at) {
    const waited = formatDuration(ms(from.at, push.now));
    return [
      text,
      fail(expected, `not acknowledged ${waited} after ${from.words}; ${attemptsText(push)}`, ids),
    ];
  }
  const took = ms(from.at, push.acknowledged_at);
  const when =
    took < 0
      ? `${formatDuration(-took)} before ${from.words}`
      : `${formatDuration(took)} after ${from.words}`;
  const seen = `acknowledged ${when}; ${attemptsText(push)}`;
  return took <= within
    ? [text, pass(expected, seen, ackIds)]
    : [text, fail(expected, seen, [...ackIds, ...ids])];
}

function captured(
  c: Extract<Expectation, { captured: unknown }>['captured'],
  ev: Evidence,
): [string, Verdict] {
  const within = parseDuration(c.within)!;
  const anchor = c.after ?? 'completion';
  const full = c.amount === 'full';
  const words = anchor === 'first_push' ? 'the first push' : 'the completion';
  const text = `${full ? 'captured in full' : 'captured'} within ${formatDuration(within)} of ${words}`;
  const expected = `${full ? 'captures adding up to the order amount' : 'a capture'} at most ${formatDuration(within)} after ${words}`;
  if (!ev.om || !ev.push)
    return [text, fail(expected, 'the order is not in order management (never completed)')];
  const from = anchorOf(anchor, ev.push);
  if ('missing' in from) return [text, fail(expected, from.missing)];
  const caps = (Array.isArray(ev.om.captures) ? ev.om.captures : []) as {
    captured_amount: number;
    captured_at: string;
  }[];
  const amount = Number(ev.om.order_amount);
  const ids = ev.exchanges.filter((x) => x.kind.startsWith('ordermanagement.capture')).map((x) => x.id);
  let sum = 0;
  const done = caps
    .slice()
    .sort((x, y) => Date.parse(x.captured_at) - Date.parse(y.captured_at))
    .find((cap) => (sum += cap.captured_amount) >= (full ? amount : 1));
  if (!done) {
    const now = ev.push.now;
    const seen = caps.length
      ? `captured ${orderMoney(sum, ev.om)} of ${orderMoney(amount, ev.om)} so far, ${formatDuration(ms(from.at, now))} after ${from.words}`
      : `no capture, ${formatDuration(ms(from.at, now))} after ${from.words} (status ${String(ev.om.status)})`;
    return [text, fail(expected, seen, ids)];
  }
  const took = ms(from.at, done.captured_at);
  const seen = `captured ${orderMoney(sum, ev.om)} of ${orderMoney(amount, ev.om)}, ${formatDuration(took)} after ${from.words}`;
  return took <= within ? [text, pass(expected, seen, ids)] : [text, fail(expected, seen, ids)];
}

function pushAttempts(
  p: Extract<Expectation, { push_attempts: unknown }>['push_attempts'],
  ev: Evidence,
): [string, Verdict] {
  const parts = [
    p.at_least !== undefined && `at least ${p.at_least}`,
    p.at_most !== undefined && `at most ${p.at_most}`,
  ].filter(Boolean);
  const most = p.at_most ?? p.at_least;
  const text = `${parts.join(' and ') || 'any number of'} push ${most === 1 ? 'attempt' : 'attempts'}`;
  const expected = text;
  if (!ev.push) return [text, fail(expected, 'the order never completed')];
  const n = ev.push.attempts.length;
  const ok = (p.at_least === undefined || n >= p.at_least) && (p.at_most === undefined || n <= p.at_most);
  const seen = attemptsText(ev.push) + (ev.push.acknowledged_at ? '; acknowledged' : '; not acknowledged');
  const ids = ev.push.attempts.map((a) => a.exchange_id).filter((x): x is string => x !== null);
  return [text, ok ? pass(expected, seen, ids) : fail(expected, seen, ids)];
}

function noViolations(v: true | { ignore: string[] }, ev: Evidence): [string, Verdict] {
  const ignore = v === true ? [] : v.ignore;
  const text = `no violation recorded${ignore.length ? ` (not counting ${ignore.join(', ')})` : ''}`;
  const hits = ev.exchanges.flatMap((x) =>
    x.violations.filter((vi) => !ignore.includes(vi.rule)).map((vi) => ({ x, vi })),
  );
  const expected = `no violation on any of the order’s ${plural(ev.exchanges.length, 'exchange')}`;
  if (hits.length === 0)
    return [text, pass(expected, `${plural(ev.exchanges.length, 'exchange')}, no violation`)];
  const list = hits
    .slice(0, 5)
    .map(({ x, vi }) => `${x.kind}: ${vi.path} ${vi.message} [${vi.rule}]`)
    .join('; ');
  return [
    text,
    fail(expected, `${plural(hits.length, 'violation')}: ${list}${hits.length > 5 ? '; …' : ''}`, [
      ...new Set(hits.map((h) => h.x.id)),
    ]),
  ];
}

/** The value at a dotted path (`totals.shipping`, `order_lines.0.type`). */
export function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function fields(
  what: string,
  want: Record<string, FieldMatch>,
  doc: Record<string, unknown> | null,
  missing: string,
): [string, Verdict] {
  const wanted = Object.entries(want).map(([k, v]) => `${k} ${wantText(v)}`);
  const text = `${what} has ${wanted.join(', ')}`;
  const expected = wanted.join(', ');
  if (!doc) return [text, fail(expected, missing)];
  const seenAll = Object.keys(want).map(
    (k) => `${k} ${valueAt(doc, k) === undefined ? 'absent' : JSON.stringify(valueAt(doc, k))}`,
  );
  const wrong = Object.entries(want).filter(([k, v]) => !matches(valueAt(doc, k), v));
  return [text, wrong.length === 0 ? pass(expected, seenAll.join(', ')) : fail(expected, seenAll.join(', '))];
}
