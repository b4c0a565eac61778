import { describe, expect, it } from 'vitest';
import type { OmOrder } from '@shared/schemas/order-management.schema';
import { klarnaReference, upgrade, type StoredOrder } from './om-doc';
import { extendedExpiry, increaseLimit } from './om-doc-updates';

const DAY = 24 * 3600 * 1000;
const stored: StoredOrder = {
  order_id: 'o-1',
  status: 'AUTHORIZED',
  fraud_status: 'ACCEPTED',
  order_amount: 10001,
  original_order_amount: 10001,
  captured_amount: 0,
  refunded_amount: 0,
  remaining_authorized_amount: 10001,
  purchase_currency: 'SEK',
  order_lines: [],
  created_at: '2026-01-01T12:00:00.000Z',
  expires_at: '2026-01-29T12:00:00.000Z',
  captures: [],
  refunds: [],
  initial_payment_method: { type: 'INVOICE', description: 'Pay later' },
};

describe('the order document', () => {
  it('gives an order stored before klarna_reference, customer and shipping_info existed the same fields on every read', () => {
    const o = upgrade(stored);
    expect(o).toMatchObject({ klarna_reference: klarnaReference('o-1'), customer: {}, shipping_info: [] });
    expect(upgrade(stored).klarna_reference).toBe(o.klarna_reference);
    expect(o.klarna_reference).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    expect(klarnaReference('o-2')).not.toBe(o.klarna_reference);
    expect(upgrade({ ...o, klarna_reference: 'KEPT123' }).klarna_reference).toBe('KEPT123');
  });

  it('counts an extension from the start of the current order day, up to 180 days after the purchase', () => {
    const o: OmOrder = upgrade(stored);
    const created = Date.parse(o.created_at);
    expect(extendedExpiry(o, created + 3 * DAY + 5000)).toBe('2026-02-01T12:00:00.000Z');
    expect(extendedExpiry(o, created + 4 * DAY - 1)).toBe('2026-02-01T12:00:00.000Z');
    expect(extendedExpiry(o, created + 170 * DAY)).toBe('2026-06-30T12:00:00.000Z');
  });

  it('lets an increase reach the purchase’s amount plus 10 %, rounded down', () => {
    expect(increaseLimit(upgrade(stored))).toBe(11001);
  });
});
