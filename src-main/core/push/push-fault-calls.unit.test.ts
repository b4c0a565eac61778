import { describe, expect, it } from 'vitest';
import type { MerchantFault } from '@shared/schemas/merchant-faults.schema';
import type { OutboundRequest } from '../outbound/callback-client';
import { ManualClock } from '../clock';
import { PushFaultCalls, type PushPayload } from './push-fault-calls';
import { FakeFaults, FakeLogMarks, FakeOutbound } from './test-kit/push-unit-env';

const AT = '2026-01-01T00:00:00.000Z';

function setup(...on: Parameters<FakeFaults['switchedOn']['add']>[0][]) {
  const outbound = new FakeOutbound();
  const marks = new FakeLogMarks();
  const faults = new FakeFaults();
  for (const f of on) faults.switchedOn.add(f);
  const calls = new PushFaultCalls(outbound.asClient(), new ManualClock(Date.parse(AT)), marks, faults);
  return { outbound, marks, faults, calls };
}

const request = (url: string): OutboundRequest => ({
  kind: 'push',
  orderId: 'ord-1',
  method: 'POST',
  url,
  headers: { 'Content-Type': 'application/json' },
  body: null,
  timeoutMs: 1234,
});
const payload = (n: number, more: Partial<PushPayload> = {}): PushPayload => ({
  n,
  url: 'https://m.test/push?o=ord-1',
  first: 0,
  ...more,
});

/** What FakeFaults holds after one fault applied to ord-1 at AT. */
const recordedOnce = (fault: MerchantFault, attempt: number, exchange_ids: string[], note: string) => [
  { orderId: 'ord-1', applied: { fault, at: AT, attempt, exchange_ids, note } },
];

describe('PushFaultCalls.after', () => {
  it('does nothing when no fault is on', async () => {
    const { outbound, faults, calls } = setup();
    await calls.after('ord-1', payload(1), true, request('https://m.test/push?o=ord-1'), 'ex-1');
    expect(outbound.sent).toEqual([]);
    expect(faults.recorded).toEqual([]);
  });

  it('records the attempt sent after the acknowledgement under its own exchange', async () => {
    const { outbound, faults, calls } = setup('push_unknown_order');
    const p = payload(1, { fault: 'push_after_ack', last: true });
    await calls.after('ord-1', p, false, request(p.url), 'ex-9');
    expect(outbound.sent).toEqual([]); // not a stranger's push: that goes with a scheduled first attempt
    expect(faults.recorded).toEqual(
      recordedOnce('push_after_ack', 1, ['ex-9'], 'one more push, sent after the order was acknowledged'),
    );
  });

  it('sends the attempt twice under duplicate_push, as it was, and records the second exchange', async () => {
    const { outbound, faults, calls } = setup('duplicate_push');
    outbound.answer = () => ({ status: 503, headers: {}, body: null });
    const req = request('https://m.test/push?o=ord-1');
    await calls.after('ord-1', payload(3), false, req, 'ex-1');
    expect(outbound.sent).toEqual([{ ...req, fault: 'duplicate_push' }]);
    expect(faults.recorded).toEqual(recordedOnce('duplicate_push', 3, ['x-1'], 'attempt 3 was sent twice'));
  });

  it('sends a push for an order the merchant never saw after the first attempt only', async () => {
    const { outbound, faults, calls } = setup('push_unknown_order');
    const url = 'https://m.test/ord-1/push?o=ord-1';
    const req = request(url);
    await calls.after('ord-1', payload(2, { url }), false, req, 'ex-2');
    expect(outbound.sent).toEqual([]);
    await calls.after('ord-1', payload(1, { url }), false, req, 'ex-1');
    expect(outbound.sent).toHaveLength(1);
    const sent = outbound.sent[0]!;
    const stranger = /^https:\/\/m\.test\/([0-9a-f-]{36})\/push\?o=\1$/.exec(sent.url)?.[1];
    expect(stranger).toBeDefined();
    expect(sent).toEqual({ ...req, url: sent.url, fault: 'push_unknown_order' });
    expect(faults.recorded).toEqual(
      recordedOnce(
        'push_unknown_order',
        1,
        ['x-1'],
        `a push for order ${stranger}, which your server has never seen`,
      ),
    );
  });

  it('says so when the push URL carries no order id to replace', async () => {
    const { outbound, faults, calls } = setup('push_unknown_order');
    const req = request('https://m.test/push');
    await calls.after('ord-1', { ...payload(1), url: 'https://m.test/push' }, false, req, 'ex-1');
    expect(outbound.sent[0]!.url).toBe('https://m.test/push');
    expect(faults.recorded[0]!.applied.note).toMatch(
      /^a push for order [0-9a-f-]{36}, which your server has never seen \(the push URL carries no order id, so it looks like any push\)$/,
    );
  });

  it('records the give-up after the last attempt of the window, naming no exchange', async () => {
    const { faults, calls } = setup('push_gives_up');
    await calls.after('ord-1', payload(15), false, request('https://m.test/p'), 'ex-15');
    expect(faults.recorded).toEqual([]);
    await calls.after('ord-1', payload(16), true, request('https://m.test/p'), 'ex-16');
    expect(faults.recorded).toEqual(
      recordedOnce(
        'push_gives_up',
        16,
        [],
        'attempt 16 was the last of the 48-hour window: push gives up, the order never acknowledged',
      ),
    );
  });

  it('records a fault naming an exchange only once the log holds it; one naming none at once', async () => {
    const { marks, faults, calls } = setup('duplicate_push', 'push_gives_up');
    marks.held = true;
    let done = false;
    const after = calls
      .after('ord-1', payload(16), true, request('https://m.test/p'), 'ex-16')
      .then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect([done, faults.recorded]).toEqual([false, []]);
    marks.release();
    await after;
    expect(faults.recorded.map((r) => r.applied.fault)).toEqual(['duplicate_push', 'push_gives_up']);

    const alone = setup('push_gives_up');
    alone.marks.held = true;
    alone.marks.mark(); // something recorded and not yet in the log: the give-up does not wait for it
    void alone.calls.after('ord-1', payload(16), true, request('https://m.test/p'), 'ex-16');
    await new Promise((r) => setImmediate(r));
    expect(alone.faults.recorded).toHaveLength(1);
  });
});
