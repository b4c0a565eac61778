// The shop's own order book, and the one place where a completed purchase becomes a shop order.
//
// Two messages tell the shop a purchase completed, and the spec makes them equally authoritative:
// the push (server to server, about two minutes after completion, retried until acknowledged) and the
// customer's browser arriving on the confirmation page. Either may come first, either may never come
// (a closed browser; a firewall). So both call settle(), which:
//   1. records the order if the shop does not know it yet, and takes the goods off the stock, once;
//   2. writes the shop's order number back as merchant_reference1, then acknowledges (again at each
//      later push: a push means the service has not got the acknowledgement).
// Calls for the same order run one after the other, so two pushes at once cannot record it twice.

import { findProduct } from './catalogue.mjs';

export function createOrderBook({ api, stock, switches, log }) {
  /** checkout order id → the shop's record of it. */
  const orders = new Map();
  /** checkout order id → the settle() still running for it (the per-order queue). */
  const running = new Map();
  let nextNumber = 1001;
  /** Orders the shop's own moments: when a call arrived, and when an acknowledgement went out. */
  let tick = 0;

  /** Adds the order to the book and takes its goods off the stock. Runs once per order id. */
  function record(orderId, doc, via) {
    const rec = {
      number: `SHOP-${nextNumber++}`,
      orderId,
      learnedVia: via, // 'push' or 'confirmation': whichever arrived first
      recordedAt: new Date().toISOString(),
      amount: doc.order_amount,
      currency: doc.purchase_currency,
      country: doc.purchase_country,
      visitorRef: doc.merchant_reference2 ?? null,
      lines: (doc.order_lines ?? []).map((l) => ({ name: l.name, quantity: l.quantity, type: l.type })),
      fraudStatus: doc.fraud_status ?? null, // only order management knows it; a confirmation read lacks it
      referenceWritten: false,
      acknowledged: false,
      acknowledgedTick: 0,
      pushes: 0,
      shipped: false,
    };
    // Stock goes down here, when the purchase is certain, and only here: this runs once per order.
    for (const line of doc.order_lines ?? []) {
      if (line.type === 'physical' && findProduct(line.reference)) {
        stock.take(line.reference, line.quantity);
      }
    }
    orders.set(orderId, rec);
    log.info(`[shop] recorded ${rec.number} for checkout order ${orderId} (first heard of via ${via})`);
    return rec;
  }

  /**
   * Makes sure the order is recorded and acknowledged. `via` says who is asking; `readOrder` fetches the
   * order document when the shop does not have it yet (order management for a push, the checkout API's
   * read for the confirmation page). Resolves to the record, or null when the order could not be read.
   */
  function settle(orderId, via, readOrder) {
    const previous = running.get(orderId) ?? Promise.resolve();
    const arrived = ++tick;
    const next = previous.then(() => settleNow(orderId, via, readOrder, arrived));
    const tail = next.catch(() => null);
    running.set(orderId, tail);
    void tail.then(() => running.get(orderId) === tail && running.delete(orderId));
    return next;
  }

  async function settleNow(orderId, via, readOrder, arrived) {
    let rec = orders.get(orderId);
    if (via === 'push' && rec) rec.pushes += 1;
    // Already acknowledged: a reloaded confirmation page changes nothing, nor does a push that arrived
    // before that acknowledgement went out (the acknowledgement answers it). A later push does: the
    // service pushes only while it counts the order unacknowledged, so our acknowledgement was lost on the
    // way (or this is a duplicate): acknowledge again, which is harmless (204) when it was not lost.
    if (rec?.acknowledged && (via !== 'push' || arrived < rec.acknowledgedTick)) return rec;
    if (!rec) {
      const doc = await readOrder();
      if (!doc) return null; // logged by the API client; a later push or page load tries again
      rec = record(orderId, doc, via);
      if (via === 'push') rec.pushes = 1;
    }
    if (switches.neverAcknowledge) {
      log.warn(`[shop] not acknowledging ${orderId}: the "Never acknowledge" switch is on`);
      return rec;
    }
    // The reference first, the acknowledgement second: acknowledging stops the pushes, so if the
    // reference failed after an acknowledgement nothing would ever bring the shop back to write it.
    if (!rec.referenceWritten) {
      const refs = await api.setMerchantReferences(orderId, { merchant_reference1: rec.number });
      if (!refs.ok) return rec; // not acknowledged: the next push retries both
      rec.referenceWritten = true;
    }
    const sentTick = ++tick;
    const ack = await api.acknowledge(orderId);
    // The first acknowledgement is the one the order book shows; a repeat at a later push changes nothing.
    if (ack.ok) rec.acknowledgedTick = sentTick;
    if (ack.ok && !rec.acknowledged) {
      rec.acknowledged = true;
      rec.acknowledgedAt = new Date().toISOString();
      rec.acknowledgedVia = via;
    }
    return rec;
  }

  /** Keeps the latest fraud_status, told by a notification (goods wait while it is PENDING). */
  function setFraudStatus(orderId, fraudStatus) {
    const rec = orders.get(orderId);
    if (rec) rec.fraudStatus = fraudStatus;
    return rec ?? null;
  }

  /** Notes that the order's goods were shipped and captured (the back office's "Ship"). */
  function markShipped(orderId) {
    const rec = orders.get(orderId);
    if (rec) rec.shipped = true;
  }

  /** Waits for every settle() in flight (used when the shop closes). */
  async function idle() {
    while (running.size > 0) await Promise.all([...running.values()]);
  }

  return {
    settle,
    setFraudStatus,
    markShipped,
    idle,
    get: (orderId) => orders.get(orderId),
    list: () => [...orders.values()].reverse(),
  };
}
