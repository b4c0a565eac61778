// The push expectations (push_attempts, acknowledged) judged on a hand-made push timeline: the bounds are
// inclusive, and a wrong comparison fails here rather than only in the shipped examples.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import { judge, type Evidence } from './expectations';

const T0 = Date.parse('2026-12-05T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

function timeline(attempts: number, extra: Partial<PushTimeline> = {}): PushTimeline {
  return {
    completed_at: at(-2000),
    first_attempt_at: at(0),
    now: at(3_600_000),
    acknowledged_at: null,
    attempts: Array.from({ length: attempts }, (_, i) => ({
      sent_at: at(i * 60_000),
      status: i === attempts - 1 ? 200 : 500,
      outcome: 'bad_status',
      exchange_id: `x${i}`,
    })),
    ...extra,
  } as unknown as PushTimeline;
}

const evidence = (push: PushTimeline | null, exchanges: Partial<Exchange>[] = []): Evidence => ({
  exchanges: exchanges as Exchange[],
  steps: [],
  view: null,
  push,
  om: null,
});

describe('push_attempts', () => {
  it('at_most is inclusive: n attempts pass at_most n and fail at_most n - 1', () => {
    const ev = evidence(timeline(3));
    expect(judge({ push_attempts: { at_most: 3 } }, ev).passed).toBe(true);
    expect(judge({ push_attempts: { at_most: 2 } }, ev).passed).toBe(false);
    expect(judge({ push_attempts: { at_most: 4 } }, ev).passed).toBe(true);
  });

  it('at_least is inclusive too, and both bounds together must hold', () => {
    const ev = evidence(timeline(3));
    expect(judge({ push_attempts: { at_least: 3 } }, ev).passed).toBe(true);
    expect(judge({ push_attempts: { at_least: 4 } }, ev).passed).toBe(false);
    expect(judge({ push_attempts: { at_least: 2, at_most: 3 } }, ev).passed).toBe(true);
    expect(judge({ push_attempts: { at_least: 1, at_most: 2 } }, ev).passed).toBe(false);
    expect(judge({ push_attempts: { at_least: 4, at_most: 9 } }, ev).passed).toBe(false);
  });

  it('says what it expected and what it saw, naming the attempts', () => {
    const r = judge({ push_attempts: { at_least: 1, at_most: 2 } }, evidence(timeline(3)));
    expect(r).toEqual({
      text: 'at least 1 and at most 2 push attempts',
      expected: 'at least 1 and at most 2 push attempts',
      seen: '3 push attempts (+0 ms 500, +1 min 500, +2 min 200); not acknowledged',
      passed: false,
      exchange_ids: ['x0', 'x1', 'x2'],
    });
    expect(judge({ push_attempts: { at_most: 1 } }, evidence(timeline(1))).text).toBe(
      'at most 1 push attempt',
    );
    expect(judge({ push_attempts: { at_least: 1 } }, evidence(timeline(1))).text).toBe(
      'at least 1 push attempt',
    );
    expect(
      judge({ push_attempts: { at_least: 0 } }, evidence(timeline(0, { acknowledged_at: at(5) }))).seen,
    ).toBe('no push attempt; acknowledged');
  });

  it('lists the first eight attempts, then an ellipsis', () => {
    const r = judge({ push_attempts: { at_least: 1 } }, evidence(timeline(9)));
    expect(r.seen).toMatch(/^9 push attempts \(\+0 ms 500, .*, \+7 min 500, …\); not acknowledged$/);
    const eight = judge({ push_attempts: { at_least: 1 } }, evidence(timeline(8)));
    expect(eight.seen).toMatch(/^8 push attempts \(\+0 ms 500, .*, \+7 min 200\); not acknowledged$/);
  });

  it('with no bound, says any number and passes', () => {
    expect(judge({ push_attempts: {} }, evidence(timeline(2)))).toMatchObject({
      text: 'any number of push attempts',
      passed: true,
    });
  });

  it('fails when the order never completed', () => {
    expect(judge({ push_attempts: { at_most: 5 } }, evidence(null))).toMatchObject({
      passed: false,
      seen: 'the order never completed',
    });
  });
});

describe('acknowledged', () => {
  const ack = [{ id: 'ack1', kind: 'ordermanagement.acknowledge' }];

  it('within is inclusive, counted from the first push by default', () => {
    // The order management read is no acknowledgement: only ack1 is named.
    const ev = evidence(timeline(2, { acknowledged_at: at(90_000) }), [
      ...ack,
      { id: 'read1', kind: 'ordermanagement.read' },
    ]);
    const ok = judge({ acknowledged: { within: '90s' } }, ev);
    expect(ok).toEqual({
      text: 'acknowledged within 1 min 30 s of the first push',
      expected: 'POST …/acknowledge at most 1 min 30 s after the first push',
      seen: 'acknowledged 1 min 30 s after the first push; 2 push attempts (+0 ms 500, +1 min 200)',
      passed: true,
      exchange_ids: ['ack1'],
    });
    const late = judge({ acknowledged: { within: '89s' } }, ev);
    expect(late.passed).toBe(false);
    expect(late.exchange_ids).toEqual(['ack1', 'x0', 'x1']);
  });

  it('from the completion when asked, and before the anchor is said so', () => {
    const ev = evidence(timeline(1, { acknowledged_at: at(-1000) }), ack);
    const r = judge({ acknowledged: { within: '2s', after: 'completion' } }, ev);
    expect(r.text).toBe('acknowledged within 2 s of the completion');
    expect(r.expected).toBe('POST …/acknowledge at most 2 s after the completion');
    expect(r.passed).toBe(true);
    expect(r.seen).toMatch(/^acknowledged 1 s after the completion;/);
    const first = judge({ acknowledged: { within: '2s' } }, ev);
    expect(first.seen).toMatch(/^acknowledged 1 s before the first push;/);
    expect(first.passed).toBe(true);
    const same = evidence(timeline(1, { acknowledged_at: at(0) }), ack);
    expect(judge({ acknowledged: { within: '1s' } }, same).seen).toMatch(
      /^acknowledged 0 ms after the first push;/,
    );
  });

  it('not acknowledged, or no push yet, fails saying so', () => {
    const r = judge({ acknowledged: { within: '1h' } }, evidence(timeline(1)));
    expect(r.passed).toBe(false);
    expect(r.seen).toBe('not acknowledged 1 h after the first push; 1 push attempt (+0 ms 200)');
    const none = judge({ acknowledged: { within: '1h' } }, evidence(timeline(0, { first_attempt_at: null })));
    expect(none.seen).toBe('no push was sent yet (the first is due never; advance the clock past it)');
    expect(judge({ acknowledged: { within: '1h' } }, evidence(null)).seen).toBe('the order never completed');
  });
});

describe('the push attempts an expectation names', () => {
  // An attempt the exchange log holds no exchange for (exchange_id null) is counted but not named.
  const unlogged = timeline(2);
  unlogged.attempts[0] = { ...unlogged.attempts[0]!, exchange_id: null };

  it.each([{ push_attempts: { at_least: 1 } }, { acknowledged: { within: '1h' } }] as const)(
    '%o names only the attempts with an exchange',
    (e) => {
      expect(judge(e, evidence(unlogged)).exchange_ids).toEqual(['x1']);
    },
  );
});
