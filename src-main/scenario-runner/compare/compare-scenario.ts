import { formatDuration } from '@shared/rules/duration';
import type { AnswerPath } from '@shared/rules/compare-path';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Difference } from '@shared/schemas/scenario-compare.schema';
import type { ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { answerChanges, answerValue, shown, type Volatile } from './answer-diff';

/*
 * What the merchant did differently in one scenario between two runs. Exchanges are matched by kind and
 * occurrence (the 2nd address_update with the 2nd), never by id; times count on the scenario's own clock
 * from the order's completion. What the simulator makes anew each run (ids, the log's timestamps, its
 * ports) is never compared.
 */

export interface Side {
  scenario: ScenarioResult;
  /** The strings of that run to read as placeholders (its order id, addresses). */
  volatile: Volatile;
}

/** The exchanges that say what the merchant did: every one but replays, by kind, oldest first. */
function byKind(exchanges: Exchange[]): Map<string, Exchange[]> {
  const out = new Map<string, Exchange[]>();
  for (const x of exchanges) {
    if (x.replay_of) continue;
    out.set(x.kind, [...(out.get(x.kind) ?? []), x]);
  }
  return out;
}

const statusWords = (s: number | null) => (s === null ? 'no answer' : String(s));
const afterCompletion = (ms: number) => `+${formatDuration(ms)} after the completion`;

/** The differences between the earlier run of a scenario and this one. */
export function compareScenario(earlier: Side, now: Side, ignore: readonly AnswerPath[]): Difference[] {
  return [
    ...compareExchanges(earlier, now, ignore),
    ...comparePushAttempts(earlier.scenario.push, now.scenario.push),
    ...compareAcknowledgement(earlier.scenario.push, now.scenario.push),
  ];
}

function compareExchanges(earlier: Side, now: Side, ignore: readonly AnswerPath[]): Difference[] {
  const a = byKind(earlier.scenario.exchanges);
  const b = byKind(now.scenario.exchanges);
  const out: Difference[] = [];
  for (const kind of new Set([...b.keys(), ...a.keys()])) {
    const xa = a.get(kind) ?? [];
    const xb = b.get(kind) ?? [];
    for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
      const exchange = `${kind} #${i + 1}`;
      const before = xa[i];
      const after = xb[i];
      // Push exchanges in one run only are told as push attempts, with their times.
      if (!before || !after) {
        if (kind === 'push') continue;
        const x = (before ?? after)!;
        out.push({
          kind: before ? 'exchange_removed' : 'exchange_added',
          text: before
            ? `${exchange}: in the earlier run (${statusWords(x.status)}), not in this one`
            : `${exchange}: made in this run (${statusWords(x.status)}), not in the earlier one`,
          exchange,
          ...(after ? { exchange_id: after.id } : { earlier_exchange_id: x.id }),
        });
        continue;
      }
      out.push(...compareExchange(exchange, before, after, earlier, now, ignore));
    }
  }
  return out;
}

function compareExchange(
  exchange: string,
  a: Exchange,
  b: Exchange,
  earlier: Side,
  now: Side,
  ignore: readonly AnswerPath[],
): Difference[] {
  const ids = { exchange, exchange_id: b.id, earlier_exchange_id: a.id };
  const out: Difference[] = [];
  if (a.status !== b.status)
    out.push({
      kind: 'status',
      text: `${exchange}: status ${statusWords(a.status)} → ${statusWords(b.status)}`,
      ...ids,
      before: a.status,
      after: b.status,
    });
  if (a.outcome !== b.outcome)
    out.push({
      kind: 'outcome',
      text: `${exchange}: outcome ${a.outcome ?? '(none)'} → ${b.outcome ?? '(none)'}`,
      ...ids,
      before: a.outcome,
      after: b.outcome,
    });
  // The merchant's answer to a callback; a call without an answer has only the simulator's note.
  if (a.direction === 'out' && a.status !== null && b.status !== null) {
    const changes = answerChanges(
      a.kind,
      answerValue(a.response.body, earlier.volatile),
      answerValue(b.response.body, now.volatile),
      ignore,
    );
    for (const c of changes)
      out.push({
        kind: 'answer_field',
        text:
          c.change === 'changed'
            ? `${exchange}: ${c.path} changed: ${shown(c.before)} → ${shown(c.after)}`
            : c.change === 'added'
              ? `${exchange}: ${c.path} added: ${shown(c.after)}`
              : `${exchange}: ${c.path} removed (was ${shown(c.before)})`,
        ...ids,
        ...c,
      });
  }
  return out;
}

function comparePushAttempts(a: PushTimeline | null, b: PushTimeline | null): Difference[] {
  const before = a?.attempts ?? [];
  const after = b?.attempts ?? [];
  const out: Difference[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const x = before[i];
    const y = after[i];
    if (x && y) continue;
    const one = (x ?? y)!;
    const timeline = (x ? a : b)!;
    const when = afterCompletion(Date.parse(one.sent_at) - Date.parse(timeline.completed_at));
    const how = `${statusWords(one.status)} ${one.outcome}`;
    const exchange = `push #${one.number}`;
    out.push(
      y
        ? {
            kind: 'push_attempt_added',
            text: `push attempt ${one.number}: made in this run (${when}, ${how}), not in the earlier one`,
            exchange,
            ...(y.exchange_id ? { exchange_id: y.exchange_id } : {}),
            after: { number: y.number, status: y.status, outcome: y.outcome },
          }
        : {
            kind: 'push_attempt_removed',
            text: `push attempt ${one.number}: made in the earlier run (${when}, ${how}), not in this one`,
            exchange,
            ...(one.exchange_id ? { earlier_exchange_id: one.exchange_id } : {}),
            before: { number: one.number, status: one.status, outcome: one.outcome },
          },
    );
  }
  return out;
}

/** When the order was acknowledged, in ms after its completion; null when it was not. */
const ackAfter = (p: PushTimeline | null) =>
  p?.acknowledged_at ? Date.parse(p.acknowledged_at) - Date.parse(p.completed_at) : null;

function compareAcknowledgement(a: PushTimeline | null, b: PushTimeline | null): Difference[] {
  const before = ackAfter(a);
  const after = ackAfter(b);
  if (before === after) return [];
  let text: string;
  if (before === null) text = `acknowledged ${afterCompletion(after!)}; not acknowledged in the earlier run`;
  else if (after === null)
    text = `not acknowledged; acknowledged ${afterCompletion(before)} in the earlier run`;
  else
    text = `acknowledged ${formatDuration(Math.abs(after - before))} ${after > before ? 'later' : 'earlier'}: ${afterCompletion(after)} (was ${afterCompletion(before)})`;
  return [{ kind: 'acknowledged', text, before, after }];
}
