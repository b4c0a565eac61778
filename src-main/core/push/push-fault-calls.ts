import { randomUUID } from 'node:crypto';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { AppliedFault, MerchantFault } from '@shared/schemas/merchant-faults.schema';
import type { Clock } from '../clock';
import { untilLogged, type LogMarks } from '../exchanges/log-marks';
import type { OutboundClient, OutboundRequest } from '../outbound/callback-client';
import { judgePush } from './push-answer';

/**
 * What a push timer carries: the attempt number, the URL (expanded), and the first attempt's due time;
 * a push sent after the acknowledgement (`push_after_ack`) also its schedule and that it is the last.
 */
export interface PushPayload {
  n: number;
  url: string;
  first: number;
  /** The schedule the attempt belongs to, when the timer is not the schedule's own. */
  s?: number;
  last?: true;
  fault?: MerchantFault;
}

/** The merchant faults as push meets them: whether one is on for an order, and where an applied one is kept. */
export interface PushFaults {
  on(orderId: string, fault: MerchantFault): boolean;
  record(orderId: string, applied: AppliedFault): void;
}

/** The merchant faults that go with a push attempt: the calls they make and their records. */
export class PushFaultCalls {
  constructor(
    private readonly outbound: OutboundClient,
    private readonly clock: Clock,
    private readonly logMarks: LogMarks,
    private readonly faults: PushFaults,
  ) {}

  /**
   * After an attempt was answered (`request` as sent, `exchangeId` its exchange): the fault it was sent
   * under (push_after_ack), its duplicate, a push for an unknown order, the give-up.
   */
  async after(
    orderId: string,
    p: PushPayload,
    lastOfWindow: boolean,
    request: OutboundRequest,
    exchangeId: string,
  ): Promise<void> {
    if (p.fault) {
      const note = 'one more push, sent after the order was acknowledged';
      await this.applied(orderId, p.fault, p.n, [exchangeId], note);
    }
    const judge = (a: RawAnswer) => judgePush(a, request.timeoutMs);
    if (this.faults.on(orderId, 'duplicate_push')) {
      const again = await this.outbound.send({ ...request, fault: 'duplicate_push' }, judge);
      await this.applied(orderId, 'duplicate_push', p.n, [again.exchangeId], `attempt ${p.n} was sent twice`);
    }
    if (p.n === 1 && !p.fault && this.faults.on(orderId, 'push_unknown_order')) {
      const stranger = randomUUID();
      const url = p.url.split(orderId).join(stranger);
      const sent = await this.outbound.send({ ...request, url, fault: 'push_unknown_order' }, judge);
      const where = url === p.url ? ' (the push URL carries no order id, so it looks like any push)' : '';
      const note = `a push for order ${stranger}, which your server has never seen${where}`;
      await this.applied(orderId, 'push_unknown_order', p.n, [sent.exchangeId], note);
    }
    if (lastOfWindow && this.faults.on(orderId, 'push_gives_up')) {
      const note = `attempt ${p.n} was the last of the 48-hour window: push gives up, the order never acknowledged`;
      await this.applied(orderId, 'push_gives_up', p.n, [], note);
    }
  }

  /**
   * Records an applied fault once the exchanges it names are in the log (untilLogged), so a kill never
   * leaves a fault naming an exchange the log lacks; the attempt's follow-up waits, so the round does.
   */
  private async applied(
    orderId: string,
    fault: MerchantFault,
    attempt: number,
    ids: string[],
    note: string,
  ): Promise<void> {
    const at = new Date(this.clock.now()).toISOString();
    if (ids.length > 0) await untilLogged(this.logMarks);
    this.faults.record(orderId, { fault, at, attempt, exchange_ids: ids, note });
  }
}
