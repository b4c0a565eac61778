import { CALLBACK_KEYS, type CallbackKey } from '@shared/schemas/checkout-order.schema';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Expectation, FieldMatch } from '@shared/schemas/scenario.schema';
import { offsetText, roundUp, spanText } from './journey-durations';
import type { JourneyRecords } from './journey-records';
import { byConsole, type Commented } from './journey-steps';

const ms = (iso: string) => Date.parse(iso);
const STEPS = ['country', 'address', 'shipping_option', 'complete'] as const;

/** An answer's status as a file writes it: `200`, or `timeout` for a call left without an answer. */
function statusOf(x: Exchange): string | null {
  if (x.status !== null) return String(x.status);
  return /^\[no answer: (timeout|abandoned)/.test(x.response.body ?? '') ? 'timeout' : null;
}
const classOf = (s: string) => (s === 'timeout' ? s : `${s[0]}xx`);

/** Each callback's answers: one expectation of their class when they agree, else one per call. */
function callbacks(r: JourneyRecords, notes: string[]): Commented<Expectation>[] {
  const out: Commented<Expectation>[] = [];
  const calls = new Map<CallbackKey, Exchange[]>();
  for (const x of r.exchanges) {
    const name = CALLBACK_KEYS.find((k) => k === x.kind);
    if (x.direction === 'out' && name) calls.set(name, [...(calls.get(name) ?? []), x]);
  }
  for (const [name, xs] of calls) {
    const statuses = xs.map(statusOf);
    const seen = `seen: ${xs.length === 1 ? 'answered' : `${xs.length} calls answered`} ${statuses.map((s) => s ?? 'no answer').join(', ')}`;
    if (statuses.some((s) => s === null)) {
      notes.push(
        `${name}: not expected (${seen.slice(6)}; a call without an answer has no status to expect)`,
      );
      continue;
    }
    const classes = (statuses as string[]).map(classOf);
    if (classes.every((c) => c === classes[0])) {
      out.push({ value: { callback: { name, status: classes[0]! } }, comment: seen });
    } else {
      classes.slice(0, 10).forEach((status, i) => {
        const occurrence = i + 1;
        out.push({
          value: { callback: { name, status, occurrence } },
          comment: `seen: call ${occurrence} answered ${statuses[i]}`,
        });
      });
    }
  }
  return out;
}

/** Each step's outcome (the last of a name, or each one when they differ). */
function stepOutcomes(r: JourneyRecords): Commented<Expectation>[] {
  const out: Commented<Expectation>[] = [];
  for (const name of STEPS) {
    const taken = r.session.state.history.filter((h) => h.step === name);
    const outcomes = taken.map((h) => h.outcome);
    if (outcomes.length === 0) continue;
    const start = ms(r.session.createdAt);
    const seen = (i: number) => `seen: ${outcomes[i]} at ${offsetText(ms(taken[i]!.at) - start)}`;
    if (outcomes.every((o) => o === outcomes[0])) {
      const every = outcomes.length > 1 ? { occurrence: 'every' as const } : {};
      out.push({
        value: { step: { name, outcome: outcomes[0]!, ...every } },
        comment: outcomes.length > 1 ? `seen: ${outcomes.length} times ${outcomes[0]}` : seen(0),
      });
    } else {
      outcomes.forEach((outcome, i) =>
        out.push({ value: { step: { name, outcome, occurrence: i + 1 } }, comment: seen(i) }),
      );
    }
  }
  return out;
}

/**
 * A reference the merchant writes anew each time (`SHOP-1003`, `V-F7226AE8`): its letters kept, each run
 * holding digits matched by its kind (`^SHOP-\d+$`, `^V-[0-9A-Z]+$`), not its value.
 */
export function referenceMatch(value: string): FieldMatch {
  if (!/\d/.test(value)) return value;
  const pattern = value
    .split(/([0-9A-Za-z]+)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!/\d/.test(part)) return part;
      // A short run of digits is a counter; a long one may be a random code that had no letter this time.
      if (/^\d+$/.test(part)) return part.length < 8 ? '\\d+' : '[0-9A-Za-z]+';
      const lower = /[a-z]/.test(part);
      const upper = /[A-Z]/.test(part);
      return `[0-9${upper ? 'A-Z' : ''}${lower ? 'a-z' : ''}]+`;
    })
    .join('');
  return { matches: `^${pattern}$` };
}

/** What happened after the purchase: push attempts, the acknowledgement, the captures, the order's state. */
function afterPurchase(r: JourneyRecords, replayedAll: boolean): Commented<Expectation>[] {
  const out: Commented<Expectation>[] = [];
  const push = r.push;
  const om = r.om;
  if (!push || !om) return out;
  const completed = ms(push.completed_at);
  const n = push.attempts.length;
  const first = push.attempts[0];
  const ackBy = r.exchanges.find((x) => x.kind === 'ordermanagement.acknowledge' && (x.status ?? 500) < 300);
  const acked = push.acknowledged_at !== null && !(ackBy && byConsole(ackBy));
  const list = push.attempts
    .slice(0, 5)
    .map((a) => `${a.status ?? a.outcome} at ${offsetText(ms(a.sent_at) - completed)}`)
    .join(', ');
  const seenPush = n
    ? `seen: ${n} push attempt${n > 1 ? 's' : ''} (${list}${n > 5 ? ', …' : ''})`
    : 'seen: no push attempt';
  if (acked) {
    out.push({
      value: { push_attempts: n ? { at_least: n, at_most: n } : { at_most: 0 } },
      comment: n ? `${seenPush}, then acknowledged` : 'seen: acknowledged before any push attempt',
    });
    const ack = ms(push.acknowledged_at!);
    if (first && ack >= ms(first.sent_at)) {
      const took = ack - ms(first.sent_at);
      out.push({
        value: { acknowledged: { within: roundUp(took) } },
        comment: `seen: acknowledged ${spanText(took)} after push attempt 1`,
      });
    } else {
      const took = ack - completed;
      out.push({
        value: { acknowledged: { within: roundUp(took), after: 'completion' } },
        comment: `seen: acknowledged ${spanText(took)} after the purchase`,
      });
    }
  } else if (n > 0) {
    const how = push.acknowledged_at ? 'acknowledged from the console (left out)' : 'never acknowledged';
    out.push({ value: { push_attempts: { at_least: n } }, comment: `${seenPush}, ${how}` });
  }
  const captures = om.order.captures;
  if (replayedAll && captures.length > 0) {
    const took = Math.min(...captures.map((c) => ms(c.captured_at))) - completed;
    const full = om.order.captured_amount >= om.order.order_amount;
    out.push({
      value: { captured: { within: roundUp(took), ...(full ? { amount: 'full' as const } : {}) } },
      comment: `seen: captured ${full ? 'in full ' : ''}${spanText(took)} after the purchase`,
    });
  }
  const fields: Record<string, FieldMatch> = {};
  if (replayedAll) fields.status = om.order.status;
  fields.fraud_status = om.order.fraud_status;
  for (const key of ['merchant_reference1', 'merchant_reference2'] as const) {
    const v = om.order[key];
    if (typeof v === 'string' && v !== '') fields[key] = referenceMatch(v);
  }
  out.push({
    value: { order_management: fields },
    comment: replayedAll
      ? 'seen: the order at the end'
      : 'seen: the order at the end (status left out: see above)',
  });
  return out;
}

/** Violations seen: none (then none may come), or the rules broken then (only those may come again). */
export function violations(r: Pick<JourneyRecords, 'exchanges'>): Commented<Expectation> {
  const xs = r.exchanges.filter((x) => !x.kind.startsWith('test_helpers.'));
  const rules = [...new Set(xs.flatMap((x) => x.violations.map((v) => v.rule)))].sort();
  if (rules.length === 0) return { value: { no_violations: true }, comment: 'seen: no violation' };
  return {
    value: { no_violations: { ignore: rules } },
    comment: `seen: ${rules.join(', ')} only`,
  };
}

/** The expectations a journey's records say: what the merchant did then, as it must do again. */
export function journeyExpectations(
  r: JourneyRecords,
  replayedAll: boolean,
  notes: string[],
): Commented<Expectation>[] {
  return [...callbacks(r, notes), ...stepOutcomes(r), ...afterPurchase(r, replayedAll), violations(r)];
}
