import type { CaptureState, DueDateOptions, ShippingInfo } from '@shared/schemas/om-updates.schema';
import type { Capture } from '@shared/schemas/order-management.schema';
import type { Clock } from '../clock';
import {
  appendCaptureShippingInfo,
  appendShippingInfo,
  applyAuthorizationUpdate,
  applyCustomerDetails,
  applyExtension,
  applyRelease,
  captureOf,
} from './om-doc-updates';
import { dueDateOptions, extendDueDate, initialCaptureState } from './om-due-date';
import { applyCaptureCustomerDetails } from './om-capture-customer';
import {
  parseAuthorization,
  parseCaptureCustomerDetails,
  parseCustomerDetails,
  parseExtendDueDate,
  parseShippingInfo,
} from './om-input';
import { money, type Loaded } from './om-records';
import type { OrderManagement } from './order-management';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Carriers and tracking numbers in a few words: `PostNord 123, DHL 456`. */
function shipmentsText(items: readonly ShippingInfo[]): string {
  return items
    .map((i) => [i.shipping_company, i.tracking_number].filter(Boolean).join(' ') || 'a shipment')
    .join(', ');
}

/** A capture's payment terms: as recorded, or as the capture was made when nothing was recorded yet. */
function stateOf(l: Loaded, c: Capture): CaptureState {
  return l.state.capture_states?.[c.capture_id] ?? initialCaptureState(l.order, c);
}

function withCaptureState(l: Loaded, captureId: string, s: CaptureState): Loaded {
  return { ...l, state: { ...l.state, capture_states: { ...l.state.capture_states, [captureId]: s } } };
}

/**
 * The order management calls that change an order after its purchase beyond capture, refund and cancel:
 * the authorization (update, extend, release), the customer's shipping address, shipping info, and each
 * capture's customer communication and due date. Each runs in one transaction with its history line.
 */
export class OmChanges {
  constructor(
    private readonly om: OrderManagement,
    private readonly clock: Clock,
  ) {}

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** `PATCH …/authorization`. */
  updateAuthorization(orderId: string, body: unknown): void {
    const input = parseAuthorization(body);
    this.om.change(orderId, (l) => {
      const order = applyAuthorizationUpdate(l.order, input, this.iso());
      const lines = input.order_lines ? `, ${plural(input.order_lines.length, 'order line')}` : '';
      const why = input.description ? ` ("${input.description}")` : '';
      const detail = `order_amount ${money(order, l.order.order_amount)} → ${money(order, order.order_amount)}${lines}${why}`;
      return { next: { ...l, order }, entry: { action: 'authorization_updated', detail }, result: undefined };
    });
  }

  /** `POST …/extend-authorization-time`: moves `expires_at` and the timer that expires the order. */
  extendAuthorization(orderId: string): void {
    this.om.change(orderId, (l) => {
      const order = applyExtension(l.order, this.iso());
      if (order !== l.order) this.om.scheduleExpiry(order);
      const detail =
        order === l.order
          ? `authorization time kept: expires_at ${order.expires_at} is as far as an extension today reaches`
          : `authorization extended: expires_at ${l.order.expires_at} → ${order.expires_at}`;
      return {
        next: { ...l, order },
        entry: { action: 'authorization_extended', detail },
        result: undefined,
      };
    });
  }

  /** `POST …/release-remaining-authorization`. */
  releaseRemaining(orderId: string): void {
    this.om.change(orderId, (l) => {
      const order = applyRelease(l.order);
      const detail = `remaining authorization released (${money(order, l.order.remaining_authorized_amount)}): CAPTURED`;
      return {
        next: { ...l, order },
        entry: { action: 'authorization_released', detail },
        result: undefined,
      };
    });
  }

  /** `PATCH …/customer-details`. */
  updateCustomer(orderId: string, body: unknown): void {
    const input = parseCustomerDetails(body);
    this.om.change(orderId, (l) => {
      const order = applyCustomerDetails(l.order, input);
      const given = Object.entries(input.shipping_address ?? {}).filter(([, v]) => v !== undefined);
      const set = given.filter(([, v]) => v !== '').map(([k]) => k);
      const cleared = given.filter(([, v]) => v === '').map(([k]) => k);
      const parts = [
        set.length > 0 ? `set ${set.join(', ')}` : '',
        cleared.length > 0 ? `cleared ${cleared.join(', ')}` : '',
      ];
      const detail = `shipping address updated: ${parts.filter(Boolean).join('; ')}`;
      return { next: { ...l, order }, entry: { action: 'customer_details', detail }, result: undefined };
    });
  }

  /** `PATCH …/captures/{capture_id}/customer-details` (the official PHP SDK's Capture::updateCustomerDetails). */
  updateCaptureCustomer(orderId: string, captureId: string, body: unknown): void {
    // A body naming shipping_address is refused 403 (the SDK: "Shipping address can not be updated")
    // before the schema, with or without a billing address: not 400 "billing_address: is required".
    const ship = (body as { shipping_address?: unknown } | null)?.shipping_address;
    const input =
      typeof body === 'object' && ship !== undefined
        ? { billing_address: {}, shipping_address: ship }
        : parseCaptureCustomerDetails(body);
    this.om.change(orderId, (l) => {
      const order = applyCaptureCustomerDetails(l.order, captureId, input);
      const fields = Object.keys(input.billing_address).join(', ');
      const ref = captureOf(order, captureId).klarna_reference;
      const detail = `billing address of capture ${ref} updated: ${fields}`;
      const entry = { action: 'customer_details' as const, detail, capture_id: captureId };
      return { next: { ...l, order }, entry, result: undefined };
    });
  }

  /** `POST …/shipping-info`. */
  addShippingInfo(orderId: string, body: unknown): void {
    const items = parseShippingInfo(body);
    this.om.change(orderId, (l) => {
      const order = appendShippingInfo(l.order, items);
      const detail = `shipping info for the order: ${shipmentsText(items)}`;
      return { next: { ...l, order }, entry: { action: 'shipping_info', detail }, result: undefined };
    });
  }

  /** `POST …/captures/{capture_id}/shipping-info`. */
  addCaptureShippingInfo(orderId: string, captureId: string, body: unknown): void {
    const items = parseShippingInfo(body);
    this.om.change(orderId, (l) => {
      const order = appendCaptureShippingInfo(l.order, captureId, items);
      const ref = captureOf(order, captureId).klarna_reference;
      const detail = `shipping info for capture ${ref}: ${shipmentsText(items)}`;
      const entry = { action: 'capture_shipping_info' as const, detail, capture_id: captureId };
      return { next: { ...l, order }, entry, result: undefined };
    });
  }

  /** `POST …/captures/{capture_id}/trigger-send-out`: the customer is sent the capture's communication again. */
  triggerSendOut(orderId: string, captureId: string): void {
    this.om.change(orderId, (l) => {
      const c = captureOf(l.order, captureId, 'there is nothing to send out before a capture');
      const s = stateOf(l, c);
      const next = withCaptureState(l, captureId, { ...s, send_outs: s.send_outs + 1 });
      const detail = `customer communication of capture ${c.klarna_reference} sent again`;
      return { next, entry: { action: 'send_out', detail, capture_id: captureId }, result: undefined };
    });
  }

  /** `GET …/captures/{capture_id}/extend-due-date-options`. */
  dueDateOptions(orderId: string, captureId: string): DueDateOptions {
    const l = this.om.loaded(orderId);
    const c = captureOf(l.order, captureId);
    return dueDateOptions(l.order, c, stateOf(l, c), this.clock.now());
  }

  /** `PATCH …/captures/{capture_id}/extend-due-date`. */
  extendDueDate(orderId: string, captureId: string, body: unknown): void {
    const days = parseExtendDueDate(body);
    this.om.change(orderId, (l) => {
      const c = captureOf(l.order, captureId);
      const s = extendDueDate(c, stateOf(l, c), days, this.clock.now());
      const detail = `due date of capture ${c.klarna_reference} extended by ${days} days to ${s.due_at} (fee ${money(l.order, s.extension_fee)})`;
      const next = withCaptureState(l, captureId, s);
      return {
        next,
        entry: { action: 'due_date_extended', detail, capture_id: captureId },
        result: undefined,
      };
    });
  }
}
