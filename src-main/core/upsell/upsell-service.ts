import { formatMoneyIn } from '@shared/rules/money-format';
import { UpsellAcceptSchema } from '@shared/schemas/callbacks.schema';
import { type CheckoutOrder, type OrderLine } from '@shared/schemas/checkout-order.schema';
import { stepResultDraft, type StepName, type StepResult } from '@shared/schemas/session.schema';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { checkCart } from '@shared/rules/order-arithmetic';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  judgeRecommendations,
  judgeUpsellValidation,
  upsellLineProblems,
} from '@shared/rules/upsell-answers';
import { inTransaction, type Db } from '../../store/db';
import type { CheckoutOrders } from '../checkout/checkout-orders';
import { diffOrders, withStep, type Session } from '../checkout/session-state';
import type { Clock } from '../clock';
import { invalid, notFound, SimFailure } from '../errors';
import type { OrderManagement } from '../order-management/order-management';
import type { OutboundClient } from '../outbound/callback-client';
import type { OrderLock } from '../order-locks';
import type { SettingsService } from '../settings';
import { upsellNotification, type Draft } from './upsell-calls';

export interface UpsellDeps {
  db: Db;
  clock: Clock;
  orders: CheckoutOrders;
  om: OrderManagement;
  outbound: OutboundClient;
  settings: SettingsService;
  /** The simulator's one per-order lock. */
  lock: OrderLock;
}

const draft = stepResultDraft;

/**
 * Upsell on the confirmation page (only with `upsell_enabled`): fetch the merchant's recommendations,
 * and add the lines the customer accepts after `upsell_validation` allows them; order management's
 * amounts follow, then `upsell_notification` is told. Answers in the checkout steps' shape.
 */
export class UpsellService {
  constructor(private readonly d: UpsellDeps) {}

  /** Recommendations from merchant_urls.upsell: `{order_id, order_lines}` → `{upsell_order_lines}`. */
  fetch(orderId: string): Promise<StepResult> {
    this.assertEnabled();
    return this.serialize(orderId, async () => {
      const s = this.completed(orderId);
      const url = callbackUrl(s.order.merchant_urls, 'upsell', orderId);
      if (url === undefined) {
        return this.finish(s, 'upsell', {
          ...draft('applied', 'No upsell URL is registered: the confirmation page shows no recommendations.'),
          upsell_order_lines: [],
        });
      }
      const timeoutMs = this.timeoutMs();
      const body = JSON.stringify({ order_id: orderId, order_lines: s.order.order_lines });
      const sent = await this.d.outbound.send(
        { kind: 'upsell', orderId, method: 'POST', url, body, timeoutMs },
        (a) => {
          const v = judgeRecommendations(a, timeoutMs);
          return { outcome: v.outcome, violations: v.outcome === 'failed' ? v.violations : [], value: v };
        },
      );
      const v = sent.value;
      const ids = { exchange_ids: [sent.exchangeId] };
      if (v.outcome === 'failed') {
        return this.finish(s, 'upsell', draft('failed', `No recommendations are shown: ${v.reason}.`, ids));
      }
      const n = v.lines.length;
      return this.finish(s, 'upsell', {
        ...draft(
          'applied',
          `Your server recommended ${n} line${n === 1 ? '' : 's'}: the confirmation page shows ${n === 0 ? 'nothing' : 'them'}.`,
          ids,
        ),
        upsell_order_lines: v.lines,
      });
    });
  }

  /** The customer adds lines: validate with the merchant, add them to the order, then notify. */
  accept(orderId: string, input: unknown): Promise<StepResult> {
    this.assertEnabled();
    const lines = parseAccept(input);
    return this.serialize(orderId, async () => {
      const s = this.completed(orderId);
      this.d.om.assertCanGrow(this.d.om.get(orderId));
      const denial = await this.validate(s, lines);
      if (denial.outcome !== 'applied') return this.finish(s, 'upsell_accept', denial);
      const grown = this.addLines(s, lines);
      const notice = await upsellNotification(this.d.outbound, grown.order, lines, this.timeoutMs());
      const n = lines.length;
      return this.finish(grown, 'upsell_accept', {
        ...draft(
          'applied',
          `${n} upsell line${n === 1 ? ' was' : 's were'} added: the order total is now ${formatMoneyIn(grown.order.order_amount, grown.order.purchase_currency, grown.order.locale)}.`,
        ),
        exchange_ids: [...denial.exchange_ids, ...notice.exchange_ids],
        notes: [...denial.notes, ...notice.notes],
        changes: diffOrders(s.order, grown.order),
      });
    });
  }

  /** upsell_validation, when registered: 200 allows; 4xx denies with its `error`; anything else fails. */
  private async validate(s: Session, lines: OrderLine[]): Promise<Draft> {
    const url = callbackUrl(s.order.merchant_urls, 'upsell_validation', s.order.order_id);
    if (url === undefined)
      return draft('applied', '', {
        notes: ['No upsell_validation is registered: the lines are added without asking.'],
      });
    const timeoutMs = this.timeoutMs();
    const body = JSON.stringify({ order_id: s.order.order_id, upsell_order_lines: lines });
    const sent = await this.d.outbound.send(
      { kind: 'upsell_validation', orderId: s.order.order_id, method: 'POST', url, body, timeoutMs },
      (a) => {
        const v = judgeUpsellValidation(a, timeoutMs);
        return { outcome: v.outcome, violations: v.outcome === 'allowed' ? [] : v.violations, value: v };
      },
    );
    const v = sent.value;
    const ids = { exchange_ids: [sent.exchangeId] };
    if (v.outcome === 'allowed') return draft('applied', '', ids);
    if (v.outcome === 'failed') return draft('failed', `Nothing is added: ${v.reason}.`, ids);
    const status = sent.answer.status;
    return draft(
      'denied',
      `Your server denied the upsell with ${status}: ${v.error ? `the customer sees “${v.error}”` : 'it gave no error to show'}; nothing is added.`,
      {
        ...ids,
        error_type: 'upsell_denied',
        error_text: v.error,
      },
    );
  }

  /** The checkout order and order management grow together, in one transaction. */
  private addLines(s: Session, lines: OrderLine[]): Session {
    const order: CheckoutOrder = {
      ...s.order,
      order_lines: [...s.order.order_lines, ...lines],
      order_amount: s.order.order_amount + lines.reduce((t, l) => t + l.total_amount, 0),
      order_tax_amount: s.order.order_tax_amount + lines.reduce((t, l) => t + l.total_tax_amount, 0),
    };
    const problems = checkCart(order);
    if (problems.length > 0) throw invalid(problems);
    return inTransaction(this.d.db, () => {
      this.d.om.addLines(s.order.order_id, lines);
      return this.d.orders.save({ ...s, order }, { touch: false });
    });
  }

  private finish(s: Session, step: StepName, d: Draft): StepResult {
    const at = new Date(this.d.clock.now()).toISOString();
    const result: StepResult = { step, at, order: {}, ...d };
    const saved = this.d.orders.save(
      { ...s, state: withStep(s.state, result) },
      { touch: false, names: result.exchange_ids },
    );
    return { ...result, order: saved.order as Record<string, unknown> };
  }

  private completed(orderId: string): Session {
    const s = this.d.orders.load(orderId);
    if (!s) throw notFound(`order ${orderId}`);
    if (s.order.status !== 'checkout_complete') {
      throw new SimFailure(
        'conflict',
        'STEP_OUT_OF_ORDER',
        `order ${orderId} is ${s.order.status}: upsell is offered on the confirmation page, after the purchase completes`,
      );
    }
    return s;
  }

  private assertEnabled(): void {
    if (this.d.settings.get().upsell_enabled) return;
    throw new SimFailure(
      'forbidden',
      'UPSELL_DISABLED',
      'upsell is disabled (setting upsell_enabled is false): upsell, upsell_validation and upsell_notification are never called; enable it with PUT /test_helpers/settings {"upsell_enabled":true}',
    );
  }

  private timeoutMs(): number {
    return this.d.settings.get().callback_timeout_ms;
  }

  private serialize<T>(orderId: string, run: () => Promise<T>): Promise<T> {
    return this.d.lock(orderId, run);
  }
}

function parseAccept(input: unknown): OrderLine[] {
  const r = UpsellAcceptSchema.safeParse(input ?? {});
  if (!r.success) throw invalid(schemaProblems(r.error));
  const problems = upsellLineProblems(r.data.upsell_order_lines);
  if (problems.length > 0) throw invalid(problems);
  return r.data.upsell_order_lines;
}
