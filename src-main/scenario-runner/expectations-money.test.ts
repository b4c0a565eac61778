import { describe, expect, it } from 'vitest';
import type { PushTimeline } from '@shared/schemas/push.schema';
import { judge, orderMoney, type Evidence } from './expectations';

/** Intl separates with no-break spaces; the tests read them as plain ones. */
const plain = (s: string | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const completedAt = '2026-12-05T10:00:00.000Z';
const evidence = (captures: Array<{ captured_amount: number; captured_at: string }>): Evidence => ({
  exchanges: [],
  steps: [],
  view: null,
  push: {
    completed_at: completedAt,
    attempts: [],
    now: '2026-12-06T12:00:00.000Z',
  } as unknown as PushTimeline,
  om: { order_amount: 18800, purchase_currency: 'SEK', locale: 'sv-SE', status: 'CAPTURED', captures },
});

describe('the captured expectation writes money as the order does (issue 34 point 4)', () => {
  it('in the order’s locale and currency, with the minor units the API speaks beside it', () => {
    const r = judge(
      { captured: { within: '24h', amount: 'full' } },
      evidence([{ captured_amount: 18800, captured_at: '2026-12-05T18:00:00.000Z' }]),
    );
    expect(r.passed).toBe(true);
    expect(plain(r.seen)).toBe('captured 188,00 kr (18800) of 188,00 kr (18800), 8 h after the completion');
  });

  it('so far, when the captures fall short', () => {
    const r = judge(
      { captured: { within: '24h', amount: 'full' } },
      evidence([{ captured_amount: 5000, captured_at: '2026-12-05T18:00:00.000Z' }]),
    );
    expect(r.passed).toBe(false);
    expect(plain(r.seen)).toMatch(/^captured 50,00 kr \(5000\) of 188,00 kr \(18800\) so far/);
  });

  it('falls back to the plain form without a locale or a currency', () => {
    expect(orderMoney(18800, { purchase_currency: 'SEK' })).toBe('188.00 SEK (18800)');
    expect(orderMoney(18800, {})).toBe('188.00 (18800)');
  });
});
