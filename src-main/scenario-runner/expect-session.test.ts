// The in-person session expectation (docs/scenarios.md `session`): every part asked for must hold, and
// the verdict says each part of what the session did.
import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/schemas/ipp.schema';
import { sessionAtEnd } from './expect-session';
import { failing, passing } from './test-kit/verdicts';

const T = '2026-12-05T10:00:00.000Z';
function session(
  history: [Session['status'], Session['history'][number]['cause']][],
  more: Partial<Session> = {},
) {
  return {
    session_id: 's1',
    device_id: 'd1',
    status: history.at(-1)![0],
    order_amount: 1000,
    order_tax_amount: 200,
    purchase_currency: 'SEK',
    order_items: [],
    pin_attempts: 0,
    created_at: T,
    updated_at: T,
    expires_at: T,
    history: history.map(([status, cause]) => ({ status, cause, at: T })),
    ...more,
  } as Session;
}
const paid = session([
  ['CREATED', 'api.create'],
  ['ACTIVE', 'terminal.tap_card'],
  ['FINALIZED', 'terminal.tap_card'],
]);

describe('the session expectation', () => {
  it('passes when status, cause and history all hold, saying each', () => {
    expect(
      sessionAtEnd(
        { status: 'FINALIZED', cause: 'terminal.tap_card', history: ['CREATED', 'ACTIVE', 'FINALIZED'] },
        paid,
      ),
    ).toEqual([
      'the in-person session ends status FINALIZED, by terminal.tap_card, through CREATED → ACTIVE → FINALIZED',
      passing(
        'status FINALIZED, by terminal.tap_card, through CREATED → ACTIVE → FINALIZED',
        'status FINALIZED, by terminal.tap_card, through CREATED → ACTIVE → FINALIZED',
      ),
    ]);
  });

  it('fails on the status, the cause, or a history that differs in any place or length', () => {
    expect(sessionAtEnd({ status: 'EXPIRED' }, paid)[1].passed).toBe(false);
    expect(sessionAtEnd({ status: 'FINALIZED', cause: 'api.cancel' }, paid)[1].passed).toBe(false);
    expect(sessionAtEnd({ status: 'FINALIZED', history: ['CREATED', 'FINALIZED'] }, paid)[1].passed).toBe(
      false,
    );
    expect(
      sessionAtEnd({ status: 'FINALIZED', history: ['CREATED', 'ACTIVE', 'ACTIVE'] }, paid)[1].passed,
    ).toBe(false);
    expect(
      sessionAtEnd({ status: 'FINALIZED', history: ['CREATED', 'ACTIVE', 'FINALIZED', 'FINALIZED'] }, paid)[1]
        .passed,
    ).toBe(false);
    expect(sessionAtEnd({ status: 'FINALIZED' }, paid)).toEqual([
      'the in-person session ends status FINALIZED',
      passing(
        'status FINALIZED',
        'status FINALIZED, by terminal.tap_card, through CREATED → ACTIVE → FINALIZED',
      ),
    ]);
  });

  it('judges the failure reason as a field: equal, present or matching', () => {
    const failed = session(
      [
        ['CREATED', 'api.create'],
        ['FAILED', 'terminal.decline'],
      ],
      { failure_reason: 'insufficient_funds' },
    );
    const [text, v] = sessionAtEnd(
      { status: 'FAILED', failure_reason: { matches: '^insufficient' } },
      failed,
    );
    expect(text).toBe('the in-person session ends status FAILED, failure reason matching /^insufficient/');
    expect(v.passed).toBe(true);
    expect(v.seen).toBe(
      'status FAILED, by terminal.decline, through CREATED → FAILED, failure reason "insufficient_funds"',
    );
    expect(sessionAtEnd({ status: 'FAILED', failure_reason: 'card_expired' }, failed)[1].passed).toBe(false);
    const absent = sessionAtEnd({ status: 'FINALIZED', failure_reason: { present: false } }, paid)[1];
    expect(absent.passed).toBe(true);
    expect(absent.seen).toMatch(/, failure reason absent$/);
    expect(sessionAtEnd({ status: 'FINALIZED', failure_reason: { present: true } }, paid)[1].passed).toBe(
      false,
    );
  });

  it('the cause is what moved it to its last status, not an earlier one', () => {
    const declined = session([
      ['CREATED', 'api.create'],
      ['ACTIVE', 'terminal.wrong_pin'],
      ['FAILED', 'terminal.decline'],
    ]);
    expect(sessionAtEnd({ status: 'FAILED', cause: 'terminal.decline' }, declined)[1].passed).toBe(true);
    expect(sessionAtEnd({ status: 'FAILED', cause: 'terminal.wrong_pin' }, declined)[1]).toMatchObject({
      passed: false,
      seen: 'status FAILED, by terminal.decline, through CREATED → ACTIVE → FAILED',
    });
  });

  it('a failure reason not asked about is not judged', () => {
    const failed = session(
      [
        ['CREATED', 'api.create'],
        ['FAILED', 'terminal.decline'],
      ],
      { failure_reason: 'insufficient_funds' },
    );
    expect(sessionAtEnd({ status: 'FAILED' }, failed)[1].passed).toBe(true);
  });

  it('fails when no session was made, and says a history without a cause as ?', () => {
    expect(sessionAtEnd({ status: 'FINALIZED' }, null)[1]).toEqual(
      failing('status FINALIZED', 'there is no in-person session (it was never created)', []),
    );
    const bare = { ...paid, history: [] } as Session;
    expect(sessionAtEnd({ status: 'FINALIZED', cause: 'terminal.tap_card' }, bare)[1]).toMatchObject({
      passed: false,
      seen: 'status FINALIZED, by ?, through ',
    });
  });
});
