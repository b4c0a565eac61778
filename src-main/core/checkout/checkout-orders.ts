import { randomUUID } from 'node:crypto';
import {
  CheckoutOrderCreateSchema,
  type CheckoutOrder,
  type OrderSummary,
} from '@shared/schemas/checkout-order.schema';
import { checkOrderRules } from '@shared/rules/checkout-order-rules';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  getCheckoutOrder,
  getCheckoutOrderDoc,
  insertCheckoutOrder,
  listCheckoutOrders,
  type CheckoutOrderRow,
} from '../../store/checkout-orders.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import { invalid, notFound } from '../errors';
import type { EventBus } from '../events';

/** A checkout order stays valid this long after the last merchant update or customer interaction. */
export const ORDER_VALIDITY_MS = 48 * 3600 * 1000;

export function summarize(o: CheckoutOrder, createdAt: string, updatedAt: string): OrderSummary {
  return {
    order_id: o.order_id,
    status: o.status,
    purchase_country: o.purchase_country,
    purchase_currency: o.purchase_currency,
    order_amount: o.order_amount,
    line_count: o.order_lines.length,
    ...(o.merchant_reference1 !== undefined ? { merchant_reference1: o.merchant_reference1 } : {}),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

const rowSummary = (r: CheckoutOrderRow) =>
  summarize(JSON.parse(r.doc) as CheckoutOrder, r.created_at, r.updated_at);

function htmlSnippet(orderId: string): string {
  return `<div id="checkout-sim-container" data-order-id="${orderId}"><p>Checkout Simulator: this order is played from the simulator's console (Orders → ${orderId}).</p></div>`;
}

/** How many order documents stay cached for reads (SQLite stays the source of truth). */
const DOC_CACHE_SIZE = 2000;

/** The checkout API's orders: create and read (update, abort and the customer's steps build on these). */
export class CheckoutOrders {
  // Read-through cache of the stored JSON, kept in step by every write below: GET is the API's hot path.
  private readonly docs = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** Validates a create body (schema, then arithmetic and cross-field rules) and stores the order. */
  create(body: unknown): CheckoutOrder {
    const parsed = CheckoutOrderCreateSchema.safeParse(body);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const problems = checkOrderRules(parsed.data);
    if (problems.length > 0) throw invalid(problems);
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const orderId = randomUUID();
    const order: CheckoutOrder = {
      order_id: orderId,
      status: 'checkout_incomplete',
      ...parsed.data,
      html_snippet: htmlSnippet(orderId),
      started_at: at,
      last_modified_at: at,
      expires_at: new Date(now + ORDER_VALIDITY_MS).toISOString(),
    };
    const doc = JSON.stringify(order);
    insertCheckoutOrder(this.db, {
      order_id: orderId,
      status: order.status,
      doc,
      created_at: at,
      updated_at: at,
    });
    this.cache(orderId, doc);
    this.events.emit('order.created', summarize(order, at, at));
    return order;
  }

  /** The order document as stored JSON text (no parse on the hot path). */
  getJson(orderId: string): string {
    const cached = this.docs.get(orderId);
    if (cached !== undefined) return cached;
    const doc = getCheckoutOrderDoc(this.db, orderId);
    if (doc === undefined) throw notFound(`order ${orderId}`);
    this.cache(orderId, doc);
    return doc;
  }

  private cache(orderId: string, doc: string): void {
    this.docs.delete(orderId);
    this.docs.set(orderId, doc);
    if (this.docs.size > DOC_CACHE_SIZE) this.docs.delete(this.docs.keys().next().value!);
  }

  find(orderId: string): CheckoutOrder | undefined {
    const row = getCheckoutOrder(this.db, orderId);
    return row ? (JSON.parse(row.doc) as CheckoutOrder) : undefined;
  }

  list(limit = 200): OrderSummary[] {
    return listCheckoutOrders(this.db, limit).map(rowSummary);
  }
}
