import type { CheckoutOrder, OrderLine } from '@shared/schemas/checkout-order.schema';
import type { StepResultDraft } from '@shared/schemas/session.schema';
import { callbackUrl } from '@shared/rules/merchant-urls';
import type { OutboundClient } from '../outbound/callback-client';

/** A step result before it is stamped with its step, time and order. */
export type Draft = StepResultDraft;

/**
 * Tells upsell_notification (when registered) which lines were added. The lines are in the order by
 * then, so its answer changes nothing; a status other than 200 is noted, and flagged on the exchange.
 */
export async function upsellNotification(
  client: OutboundClient,
  order: CheckoutOrder,
  lines: OrderLine[],
  timeoutMs: number,
): Promise<{ exchange_ids: string[]; notes: string[] }> {
  const url = callbackUrl(order.merchant_urls, 'upsell_notification', order.order_id);
  if (url === undefined)
    return { exchange_ids: [], notes: ['No upsell_notification is registered: nobody is told.'] };
  const body = JSON.stringify({ order_id: order.order_id, upsell_order_lines: lines });
  const sent = await client.send(
    { kind: 'upsell_notification', orderId: order.order_id, method: 'POST', url, body, timeoutMs },
    (a) => {
      if (a.status === 200) return { outcome: 'delivered', violations: [], value: null };
      const why = a.error ? `gave no answer (${a.error})` : `answered ${a.status}`;
      return {
        outcome: a.error ?? 'bad_status',
        violations: [
          {
            rule: 'gaps.upsell',
            path: 'upsell_notification',
            message: `upsell_notification ${why}, not 200`,
          },
        ],
        value: `upsell_notification ${why}, not 200; the lines stay added.`,
      };
    },
  );
  return { exchange_ids: [sent.exchangeId], notes: sent.value ? [sent.value] : [] };
}
