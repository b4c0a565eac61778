import { randomUUID } from 'node:crypto';
import { ORDER_VALIDITY_MS } from '@shared/rules/order-validity';
import { withMerchantRequested } from '@shared/rules/merchant-checkboxes';
import type { z } from 'zod';
import {
  CheckoutOrderCreateSchema,
  type CheckoutOrder,
  type MerchantUrls,
  type OrderSummary,
} from '@shared/schemas/checkout-order.schema';
import type { SessionState } from '@shared/schemas/session.schema';
import { checkOrderRules } from '@shared/rules/checkout-order-rules';
import { nonHttpsProblems } from '@shared/rules/merchant-urls';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  getCheckoutOrder,
  getCheckoutOrderDoc,
  getCheckoutSession,
  insertCheckoutOrder,
  listCheckoutOrders,
  updateCheckoutOrder,
  updateCheckoutSession,
  type CheckoutOrderRow,
} from '../../store/checkout-orders.repo';
import { inTransaction, type Db } from '../../store/db';
import type { Clock } from '../clock';
import { invalid, notFound, SimFailure } from '../errors';
import type { DomainEvents } from '../domain-events';
import type { EventBus } from '../events';
import { bodyHash } from '../exchanges/body-hash';
import type { LogMarks } from '../exchanges/log-marks';
import { initialState, preselected, type Session } from './session-state';
import { UnloggedRefs } from './unlogged-refs';

const DOC_CACHE_SIZE = 2000;
/** Fields the merchant cannot set: the service owns them. */
const READ_ONLY_FIELDS = [
  'order_id',
  'status',
  'html_snippet',
  'started_at',
  'last_modified_at',
  'expires_at',
  'completed_at',
  'selected_shipping_option',
  'merchant_requested',
];

const withoutReadOnly = <T extends object>(body: T): T =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !READ_ONLY_FIELDS.includes(k))) as T;

/** What the console shows as an order's state: the API status, or expired/aborted. */
export function displayStatus(s: Session, now: number): string {
  if (s.state.aborted) return 'aborted';
  if (isExpired(s.order, now, s.state)) return 'expired';
  return s.order.status;
}

/** Whether an open order has expired: its expiry fired (state.expired) or its time has come. */
export function isExpired(order: CheckoutOrder, now: number, state?: SessionState): boolean {
  return (
    order.status === 'checkout_incomplete' && (state?.expired === true || now >= Date.parse(order.expires_at))
  );
}

/** An order as the list shows it. */
export function summarize(s: Session, updatedAt: string, now: number): OrderSummary {
  const o = s.order;
  return {
    order_id: o.order_id,
    status: displayStatus(s, now),
    purchase_country: o.purchase_country,
    purchase_currency: o.purchase_currency,
    order_amount: o.order_amount,
    line_count: o.order_lines.length,
    ...(o.locale ? { locale: o.locale } : {}),
    ...(o.merchant_reference1 !== undefined ? { merchant_reference1: o.merchant_reference1 } : {}),
    created_at: s.createdAt,
    updated_at: updatedAt,
  };
}

// The session column is only ever written by save() from a typed SessionState, so it is read back
// without a schema pass (this runs on every step); a row without one gets a fresh state. `readState`
// turns the exchange ids the log lacks yet back from their placeholders (unlogged-refs.ts).
export function fromRow(
  r: CheckoutOrderRow,
  readState: (stored: string) => SessionState = (stored) => JSON.parse(stored) as SessionState,
): Session {
  const order = JSON.parse(r.doc) as CheckoutOrder;
  const state = r.session ? readState(r.session) : initialState(order, r.created_at);
  return { order, state, createdAt: r.created_at };
}

/** Builds an order's html_snippet (checkout/snippets.ts); it names the listener's address, known at run time. */
export type SnippetOf = (order: CheckoutOrder) => string;

/** A stored order document as JSON, its content hash (for the exchange log) and when it expires. */
interface CachedDoc {
  doc: string;
  hash: string;
  expiresAt: number | null;
}

/** Checkout orders and their sessions: create, read, update, abort, expiry, and saving after each step. */
export class CheckoutOrders {
  // Read-through cache of the stored JSON, kept in step by every write: GET is the API's hot path.
  private readonly docs = new Map<string, CachedDoc>();
  /** The exchange ids a saved session names before the log holds them (see save's `names`). */
  private readonly unlogged: UnloggedRefs;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /** Where creation, merchant updates and closing are told (expiry timers, the shipping assistant). */
    private readonly domain: DomainEvents,
    private readonly snippetOf: SnippetOf = () => '',
    /** The `production_tls_rules` setting, read at each create and update. */
    private readonly productionRules: () => boolean = () => false,
    /** The exchange log's marks: what a step names is stored once the log holds it (absent: at once). */
    logMarks?: LogMarks,
  ) {
    this.unlogged = new UnloggedRefs(logMarks, (orderId, fill) => {
      const stored = getCheckoutSession(this.db, orderId);
      if (stored) updateCheckoutSession(this.db, orderId, fill(stored));
    });
  }

  /** Refuses callback URLs that are not https when the production TLS rules are on. */
  private checkTls(urls: unknown): void {
    if (!this.productionRules() || typeof urls !== 'object' || urls === null) return;
    const problems = nonHttpsProblems(urls as Partial<MerchantUrls>);
    if (problems.length > 0) throw invalid(problems);
  }

  /**
   * The order with its html_snippet as of now: the snippet names the embedded checkout's address, which
   * may differ from the one stored (a restart on other ports), and turns into the confirmation on completion.
   */
  private withSnippet(order: CheckoutOrder): { order: CheckoutOrder; changed: boolean } {
    const snippet = this.snippetOf(order);
    if (order.html_snippet === snippet) return { order, changed: false };
    return { order: { ...order, html_snippet: snippet }, changed: true };
  }

  private fromRow(r: CheckoutOrderRow): Session {
    const s = fromRow(r, (stored) => this.unlogged.read(r.order_id, stored));
    return { ...s, order: this.withSnippet(s.order).order };
  }

  private validate(body: unknown): z.infer<typeof CheckoutOrderCreateSchema> {
    const parsed = CheckoutOrderCreateSchema.safeParse(body);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const problems = checkOrderRules(parsed.data);
    if (problems.length > 0) throw invalid(problems);
    // The official default: a session is B2C unless the merchant says `organization`.
    return { ...parsed.data, customer: { type: 'person', ...parsed.data.customer } };
  }

  /** Validates a create body (schema, then arithmetic and cross-field rules) and stores the order. */
  create(body: unknown): CheckoutOrder {
    // Fields the service owns are not the merchant's to set: an order_id or status in the body is dropped.
    const data = withoutReadOnly(this.validate(body));
    this.checkTls(data.merchant_urls);
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const orderId = randomUUID();
    const order: CheckoutOrder = withMerchantRequested({
      ...data,
      // Every read order carries `recurring` (the reference's example answers; clients' types expect it).
      recurring: data.recurring ?? false,
      order_id: orderId,
      status: 'checkout_incomplete',
      html_snippet: '',
      started_at: at,
      last_modified_at: at,
      expires_at: new Date(now + ORDER_VALIDITY_MS).toISOString(),
    });
    order.html_snippet = this.snippetOf(order);
    const pre = preselected(order.shipping_options ?? []);
    if (pre) order.selected_shipping_option = pre;
    const session: Session = { order, state: initialState(order, at), createdAt: at };
    const doc = JSON.stringify(order);
    insertCheckoutOrder(this.db, {
      order_id: orderId,
      status: order.status,
      doc,
      session: JSON.stringify(session.state),
      created_at: at,
      updated_at: at,
    });
    this.cache(order, doc);
    this.domain.emit('checkout.created', { order });
    this.events.emit('order.created', summarize(session, at, now));
    return order;
  }

  /** The merchant's update: fields given replace the order's; only while checkout_incomplete. */
  update(orderId: string, body: unknown): CheckoutOrder {
    const s = this.open(orderId);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw invalid([{ path: '(body)', message: 'must be a JSON object' }]);
    const patch = withoutReadOnly(body as Record<string, unknown>);
    const {
      order_id: _id,
      status: _st,
      html_snippet: _h,
      started_at: _sa,
      last_modified_at: _l,
      expires_at: _e,
      completed_at: _c,
      selected_shipping_option: _sel,
      ...current
    } = s.order;
    const data = this.validate({ ...current, ...patch });
    // Only the URLs the update sends: an order made with the rules off can still change its cart.
    this.checkTls(patch.merchant_urls);
    // The customer's answers to the checkboxes stay for the boxes the options still ask.
    const order: CheckoutOrder = withMerchantRequested({ ...s.order, ...data });
    let state = s.state;
    if ('shipping_options' in patch) {
      state = { ...state, shipping_options: order.shipping_options ?? [] };
      const pre = preselected(state.shipping_options);
      if (pre) order.selected_shipping_option = pre;
      else delete order.selected_shipping_option;
    }
    const saved = this.save({ ...s, order, state }, { touch: true }).order;
    this.domain.emit('checkout.merchant_updated', { orderId });
    return saved;
  }

  /**
   * Its expiry fired: the order stays expired from now on, whatever the clock does after (Back to now
   * brings the clock back, not the order).
   */
  markExpired(orderId: string): void {
    const s = this.load(orderId);
    if (!s || s.state.expired === true) return;
    this.saveState(orderId, { ...s.state, expired: true });
    this.docs.delete(orderId);
  }

  /** Tells the console where an order stands now (its expiry came due on the simulator's clock). */
  announce(orderId: string): void {
    const row = getCheckoutOrder(this.db, orderId);
    if (row)
      this.events.emit('order.updated', summarize(this.fromRow(row), row.updated_at, this.clock.now()));
  }

  /** Aborts the session: the order stays readable but nothing can change it any more. */
  abort(orderId: string): CheckoutOrder {
    const s = this.open(orderId);
    return this.save({ ...s, state: { ...s.state, aborted: true } }, { touch: false }).order;
  }

  /** A session that can still change: exists, not expired, not aborted, not completed. */
  open(orderId: string): Session {
    const s = this.load(orderId);
    if (!s || isExpired(s.order, this.clock.now(), s.state)) throw this.missing(orderId, s);
    if (s.order.status !== 'checkout_incomplete' || s.state.aborted) {
      const why = s.state.aborted ? 'was aborted' : `is ${s.order.status}`;
      throw new SimFailure(
        'forbidden',
        'READ_ONLY_ORDER',
        `order ${orderId} ${why} and can no longer be changed`,
      );
    }
    return s;
  }

  private missing(orderId: string, s: Session | undefined): SimFailure {
    return s
      ? notFound(
          `order ${orderId} (it expired at ${s.order.expires_at}, 48 hours after the last merchant update or customer interaction; create a new order)`,
        )
      : notFound(`order ${orderId}`);
  }

  /**
   * Writes a session back; `touch` restarts the 48-hour validity (merchant update or customer
   * interaction). `names`: the exchanges it names anew (a step's exchange_ids). The answer need not wait
   * for the log to hold them: simulator.db gets their ids once it does (unlogged-refs.ts).
   */
  save(s: Session, opts: { touch: boolean; names?: readonly string[] }): Session {
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const order: CheckoutOrder = { ...s.order, last_modified_at: at };
    order.html_snippet = this.snippetOf(order);
    let state = s.state;
    if (opts.touch && order.status === 'checkout_incomplete') {
      order.expires_at = new Date(now + ORDER_VALIDITY_MS).toISOString();
      state = { ...state, last_interaction_at: at };
    }
    const saved: Session = { ...s, order, state };
    const doc = JSON.stringify(order);
    if (opts.names) this.unlogged.hold(order.order_id, opts.names);
    updateCheckoutOrder(this.db, {
      order_id: order.order_id,
      status: order.status,
      doc,
      session: this.unlogged.stored(order.order_id, state),
      updated_at: at,
    });
    this.cache(order, doc);
    if (order.status !== 'checkout_incomplete' || state.aborted)
      this.domain.emit('checkout.closed', { orderId: order.order_id });
    this.events.emit('order.updated', summarize(saved, at, now));
    return saved;
  }

  /** Writes the session state alone: the order document (and its last_modified_at) stays as it is. */
  saveState(orderId: string, state: SessionState): void {
    updateCheckoutSession(this.db, orderId, this.unlogged.stored(orderId, state));
  }

  /**
   * Runs `fn` in one transaction, so what it saves of the order and what it hands on commit together or
   * not at all. Should it throw, the order's cached document is dropped: it may hold what rolled back.
   */
  atomically<T>(orderId: string, fn: () => T): T {
    // Its events (the order updated, order management's new order, …) go out once it has committed.
    this.events.hold();
    let committed = false;
    try {
      const result = inTransaction(this.db, fn);
      committed = true;
      return result;
    } catch (err) {
      this.docs.delete(orderId);
      throw err;
    } finally {
      this.events.release(committed);
    }
  }

  /** The order document as stored JSON text (no parse on the hot path); expired orders are gone. */
  getJson(orderId: string): string {
    return this.getDoc(orderId).doc;
  }

  /** The stored JSON with its content hash, from the cache when possible. */
  getDoc(orderId: string): CachedDoc {
    let entry = this.docs.get(orderId);
    if (entry === undefined) {
      const doc = getCheckoutOrderDoc(this.db, orderId);
      if (doc === undefined) throw notFound(`order ${orderId}`);
      const fresh = this.withSnippet(JSON.parse(doc) as CheckoutOrder);
      // An open order whose expiry fired is gone even with the clock brought back before it.
      const fired =
        fresh.order.status === 'checkout_incomplete' && this.load(orderId)?.state.expired === true;
      entry = this.cache(fresh.order, fresh.changed ? JSON.stringify(fresh.order) : doc, fired);
    }
    if (entry.expiresAt !== null && this.clock.now() >= entry.expiresAt)
      throw this.missing(orderId, this.load(orderId));
    return entry;
  }

  load(orderId: string): Session | undefined {
    const row = getCheckoutOrder(this.db, orderId);
    return row ? this.fromRow(row) : undefined;
  }

  list(limit = 200): OrderSummary[] {
    const now = this.clock.now();
    return listCheckoutOrders(this.db, limit).map((r) => summarize(fromRow(r), r.updated_at, now));
  }

  private cache(order: CheckoutOrder, doc: string, expired = false): CachedDoc {
    const open = order.status === 'checkout_incomplete';
    const entry = {
      doc,
      // Hashed once per version here rather than once per read in the exchange log.
      hash: bodyHash(doc),
      expiresAt: !open ? null : expired ? Number.NEGATIVE_INFINITY : Date.parse(order.expires_at),
    };
    this.docs.delete(order.order_id);
    this.docs.set(order.order_id, entry);
    if (this.docs.size > DOC_CACHE_SIZE) this.docs.delete(this.docs.keys().next().value!);
    return entry;
  }
}
