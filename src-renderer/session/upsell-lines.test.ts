import { describe, expect, it } from 'vitest';
import { latestRecommendations } from './UpsellPanel';
import { sampleStep } from '@shared/test-kit/records';

const line = {
  name: 'Gift wrap',
  quantity: 1,
  unit_price: 2900,
  tax_rate: 2500,
  total_amount: 2900,
  total_tax_amount: 580,
};
const entry = (step: 'upsell' | 'complete', lines?: (typeof line)[]) =>
  sampleStep({ step, ...(lines ? { upsell_order_lines: lines } : {}) });

describe('latestRecommendations', () => {
  it('is null before any fetch, and the last fetch’s lines after one', () => {
    expect(latestRecommendations([entry('complete')], undefined)).toBeNull();
    expect(latestRecommendations([entry('complete'), entry('upsell', [line])], undefined)).toEqual([line]);
    expect(latestRecommendations([entry('upsell')], undefined)).toEqual([]);
  });

  it('prefers a fetch just made over the history, which may lag', () => {
    const fresh = { ...entry('upsell', [line, line]), order: {} };
    expect(latestRecommendations([entry('upsell', [line])], fresh)).toHaveLength(2);
  });
});
