// The captured expectation judged on hand-made evidence: full or any capture, from which anchor, in time.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import { judge, type Evidence } from './expectations';

const T0 = Date.parse('2026-12-05T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const H = 3_600_000;

const push = (firstPushAt: number | null) =>
  ({
    completed_at: at(0),
    first_attempt_at: firstPushAt === null ? null : at(firstPushAt),
    now: at(30 * H),
    acknowledged_at: null,
    attempts:
      firstPushAt === null
        ? []
        : [{ sent_at: at(firstPushAt), status: 200, outcome: 'delivered', exchange_id: null }],
  }) as unknown as PushTimeline;

const evidence = (
  captures: Array<{ captured_amount: number; captured_at: string }>,
  over: Partial<Evidence> = {},
): Evidence => ({
  exchanges: [
    { id: 'c1', kind: 'ordermanagement.capture' },
    { id: 'c2', kind: 'ordermanagement.capture.shipping_info' },
    { id: 'r1', kind: 'ordermanagement.read' },
  ] as Exchange[],
  steps: [],
  view: null,
  push: push(2 * H),
  om: { order_amount: 1000, status: 'PART_CAPTURED', captures },
  ...over,
});

describe('captured', () => {
  it('in full: the captures, oldest first, must add up to the order amount within the time', () => {
    // Listed newest first: the judge sorts them by time.
    const ev = evidence([
      { captured_amount: 600, captured_at: at(5 * H) },
      { captured_amount: 400, captured_at: at(1 * H) },
    ]);
    expect(judge({ captured: { within: '5h', amount: 'full' } }, ev)).toEqual({
      text: 'captured in full within 5 h of the completion',
      expected: 'captures adding up to the order amount at most 5 h after the completion',
      seen: 'captured 10.00 (1000) of 10.00 (1000), 5 h after the completion',
      passed: true,
      exchange_ids: ['c1', 'c2'],
    });
    expect(judge({ captured: { within: '4h', amount: 'full' } }, ev).passed).toBe(false);
    // The sort is the judge's own: order_management still reads the captures as the API listed them.
    expect(judge({ order_management: { 'captures.0.captured_amount': 600 } }, ev).passed).toBe(true);
  });

  it('any capture: the first counts, from the first push when asked', () => {
    const ev = evidence([
      { captured_amount: 600, captured_at: at(5 * H) },
      { captured_amount: 400, captured_at: at(3 * H) },
    ]);
    const r = judge({ captured: { within: '1h', after: 'first_push' } }, ev);
    expect(r.text).toBe('captured within 1 h of the first push');
    expect(r.expected).toBe('a capture at most 1 h after the first push');
    expect(r.seen).toBe('captured 4.00 (400) of 10.00 (1000), 1 h after the first push');
    expect(r.passed).toBe(true);
  });

  it('no capture yet, no push yet, or no order: fails saying which', () => {
    const none = judge({ captured: { within: '1h' } }, evidence([]));
    expect(none.passed).toBe(false);
    expect(none.seen).toBe('no capture, 30 h after the completion (status PART_CAPTURED)');
    const noPush = judge(
      { captured: { within: '1h', after: 'first_push' } },
      evidence([], { push: push(null) }),
    );
    expect(noPush.seen).toMatch(/^no push was sent yet/);
    for (const over of [{ om: null }, { push: null }]) {
      expect(judge({ captured: { within: '1h' } }, evidence([], over))).toMatchObject({
        passed: false,
        seen: 'the order is not in order management (never completed)',
      });
    }
  });
});
