import type { FraudResolveResult } from '@shared/contract/after-purchase-ops';
import { FraudResolveSchema, type NotificationRecord } from '@shared/schemas/order-management.schema';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { Clock } from '../clock';
import { invalid } from '../errors';
import type { EventBus } from '../events';
import type { OutboundClient } from '../outbound/callback-client';
import { judgeAnswer, type AnswerRule } from '../outbound/answer-judge';
import type { OrderManagement } from './order-management';
import { NO_FAULTS, type FaultSwitch } from '../faults/merchant-faults';

type EventType = NotificationRecord['event_type'];

const NOTIFICATION: AnswerRule = {
  rule: 'checkout-callbacks.notification',
  path: 'notification',
  onTimeout: 'answer 200, then fetch the order',
  onStatus: (status) => `notification answered ${status}: the spec expects 200`,
};

/**
 * A pending fraud review resolved (from the console or the automation API): order management follows
 * (REJECTED cancels the order), then `notification` is POSTed once if the merchant registered it. It is
 * not retried: the spec retries push only, and the merchant reads the state from order management.
 */
export class FraudNotifications {
  constructor(
    private readonly om: OrderManagement,
    private readonly outbound: OutboundClient,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly timeoutMs: () => number,
    private readonly faults: FaultSwitch = NO_FAULTS,
    /** Resolves once every exchange recorded so far is in the log file (exchanges/log-marks.ts). */
    private readonly logged: () => Promise<void> = () => Promise.resolve(),
  ) {}

  async resolve(orderId: string, input: unknown): Promise<FraudResolveResult> {
    const parsed = FraudResolveSchema.safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const fraud = parsed.data.fraud_status;
    const order = this.om.resolveFraud(orderId, fraud);
    const eventType: EventType = fraud === 'ACCEPTED' ? 'FRAUD_RISK_ACCEPTED' : 'FRAUD_RISK_REJECTED';
    const record = await this.notify(orderId, eventType);
    this.om.addNotification(orderId, record);
    this.events.emit('notification.sent', { ...record, order_id: orderId });
    if (record.sent && this.faults.on(orderId, 'duplicate_notification')) {
      const again = await this.notify(orderId, eventType, 'duplicate_notification');
      this.om.addNotification(orderId, again);
      this.om.recordFault(orderId, {
        fault: 'duplicate_notification',
        at: again.at,
        exchange_ids: again.exchange_id ? [again.exchange_id] : [],
        note: `notification ${eventType} was delivered twice (${again.outcome} the second time)`,
      });
      this.events.emit('notification.sent', { ...again, order_id: orderId });
    }
    const what =
      fraud === 'ACCEPTED'
        ? 'fraud_status is ACCEPTED: the goods may be released'
        : 'fraud_status is REJECTED and the order is cancelled';
    const told = record.sent
      ? `notification ${eventType} was sent (${record.outcome}${record.status !== null ? `, ${record.status}` : ''})`
      : 'no notification URL is registered, so nothing was sent';
    return {
      order: this.om.view(orderId)!,
      notification: record,
      message: `Order ${order.order_id}: ${what}; ${told}.`,
    };
  }

  private async notify(
    orderId: string,
    eventType: EventType,
    fault?: 'duplicate_notification',
  ): Promise<NotificationRecord> {
    const at = new Date(this.clock.now()).toISOString();
    const urls = this.om.merchantUrls(orderId);
    const url = urls ? callbackUrl(urls, 'notification', orderId) : undefined;
    if (url === undefined) {
      return {
        at,
        event_type: eventType,
        sent: false,
        status: null,
        outcome: 'not_registered',
        duration_ms: null,
        exchange_id: null,
      };
    }
    const timeoutMs = this.timeoutMs();
    const sent = await this.outbound.send(
      {
        kind: 'notification',
        orderId,
        method: 'POST',
        url,
        body: JSON.stringify({ order_id: orderId, event_type: eventType }),
        timeoutMs,
        ...(fault ? { fault } : {}),
      },
      (a) => judgeAnswer(a, timeoutMs, NOTIFICATION),
    );
    // The record names the exchange: it is stored (by the caller) once the log holds it.
    await this.logged();
    return {
      at,
      event_type: eventType,
      sent: true,
      status: sent.answer.status,
      outcome: sent.value,
      duration_ms: sent.durationMs,
      exchange_id: sent.exchangeId,
      ...(fault ? { fault } : {}),
    };
  }
}
