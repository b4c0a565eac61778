// The fraud notification's outcome as the merchant's answer makes it, through the one answer judge the
// push shares (outbound/answer-judge.ts). Order management and the outbound client are plain fakes: what
// is under test is which outcome the record carries for a given answer.
import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { NotificationRecord } from '@shared/schemas/order-management.schema';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { Judgement, OutboundClient } from '../outbound/callback-client';
import type { OrderManagement } from './order-management';
import { FraudNotifications } from './fraud-notification';

const NOW = Date.parse('2026-01-02T03:04:05Z');

function setup(answer: RawAnswer) {
  const records: NotificationRecord[] = [];
  const sent: { url: string; body: string | null; judged: Judgement<unknown> }[] = [];
  const om = {
    resolveFraud: (id: string) => ({ order_id: id }),
    merchantUrls: () => ({ notification: 'https://shop.test/notify/{checkout.order.id}' }),
    addNotification: (_id: string, r: NotificationRecord) => void records.push(r),
    view: (id: string) => ({ order_id: id }),
    recordFault: () => undefined,
  };
  const outbound = {
    send: async (req: { url: string; body: string | null }, judge: (a: RawAnswer) => Judgement<unknown>) => {
      const judged = judge(answer);
      sent.push({ url: req.url, body: req.body, judged });
      return { value: judged.value, exchangeId: 'x-1', answer, durationMs: 7, abandoned: false };
    },
  };
  const notifications = new FraudNotifications(
    om as unknown as OrderManagement,
    outbound as unknown as OutboundClient,
    { now: () => NOW } as unknown as Clock,
    { emit: () => undefined } as unknown as EventBus,
    () => 10_000,
  );
  return { notifications, records, sent };
}

const unreachable = (errorDetail: string): RawAnswer => ({
  status: null,
  headers: {},
  body: null,
  error: 'unreachable',
  errorDetail,
});

describe('fraud notification: the merchant answer judged', () => {
  it.each([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'not sent: production TLS rules refuse http://',
  ])('a call refused for its certificate (%s) is refused, as for push', async (detail) => {
    const { notifications, records } = setup(unreachable(detail));
    await notifications.resolve('o-1', { fraud_status: 'ACCEPTED' });
    expect(records[0]).toMatchObject({ sent: true, outcome: 'refused', exchange_id: 'x-1' });
  });

  it('a merchant that cannot be reached is unreachable', async () => {
    const { notifications, records } = setup(unreachable('connect ECONNREFUSED 127.0.0.1:9'));
    await notifications.resolve('o-1', { fraud_status: 'REJECTED' });
    expect(records[0]).toMatchObject({ outcome: 'unreachable', event_type: 'FRAUD_RISK_REJECTED' });
  });

  it('posts the event to the expanded notification URL, and a timeout breaks the spec', async () => {
    const { notifications, records, sent } = setup({
      status: null,
      headers: {},
      body: null,
      error: 'timeout',
    });
    await notifications.resolve('o-9', { fraud_status: 'ACCEPTED' });
    expect(sent[0]!.url).toBe('https://shop.test/notify/o-9');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ order_id: 'o-9', event_type: 'FRAUD_RISK_ACCEPTED' });
    expect(records[0]).toMatchObject({ outcome: 'timeout', at: new Date(NOW).toISOString(), duration_ms: 7 });
    expect(sent[0]!.judged.violations).toEqual([
      {
        rule: 'checkout-callbacks.notification',
        path: 'notification',
        message: expect.stringMatching(/^no answer within 10000 ms.*: answer 200, then fetch the order$/),
      },
    ]);
  });

  it('a non-2xx status is bad_status with the rule the notification breaks', async () => {
    const { notifications, records, sent } = setup({ status: 500, headers: {}, body: '' });
    await notifications.resolve('o-1', { fraud_status: 'ACCEPTED' });
    expect(records[0]).toMatchObject({ outcome: 'bad_status', status: 500 });
    expect(sent[0]!.judged.violations[0]).toEqual({
      rule: 'checkout-callbacks.notification',
      path: 'notification',
      message: 'notification answered 500: the spec expects 200',
    });
  });
});
