import { randomBytes } from 'node:crypto';
import {
  LOCATION_TYPES,
  ShipmentRequestSchema,
  type Addon,
  type ShipmentRequest,
  type ShipmentResponse,
  type ShippingOption,
} from '@shared/schemas/integrator.schema';
import type { IntegratorSettings } from '@shared/schemas/integrator-sim.schema';
import { selectedAddons, selectionProblems } from '@shared/rules/integrator-selection';
import { schemaProblems } from '@shared/rules/schema-problems';
import {
  getIntegratorShipment,
  insertIntegratorShipment,
  updateIntegratorShipment,
  type IntegratorShipmentRow,
} from '../../store/integrator-shipments.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import { invalid, SimFailure } from '../errors';
import { buildOptions } from './catalogue/catalogue';
import { postalOfLocationId } from './catalogue/locations';
import { carrierOf } from './catalogue/carriers';
import { orderFacts, requestKind } from './catalogue/order-facts';
import { PRODUCTS_BY_ID } from './catalogue/products';

/** A shipment as answered, with the checkout order it belongs to (for the exchange log). */
export interface ShipmentAnswer {
  shipment: ShipmentResponse;
  orderId: string | null;
}

/** The stored document: the answer without tracking ids, which depend on the clock when read. */
type StoredShipment = Omit<ShipmentResponse, 'shipments'> & { shipments: { carrier: string }[] };

const MAX_PARCELS = 10;

/** Re-validates a request against today's catalogue (spec: the whole order may have changed). */
function validate(body: unknown, nowMs: number): { req: ShipmentRequest; offered: ShippingOption } {
  const parsed = ShipmentRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid(schemaProblems(parsed.error), 'invalid_request');
  const req = parsed.data;
  const sel = req.selected_shipping_option;
  if (requestKind(req.recipient) !== 'full')
    throw invalid(
      [{ path: 'recipient', message: 'needs street_address, postal_code and city' }],
      'recipient_address_incomplete',
    );
  const found = sel.valid ? buildOptions(req, nowMs).find((o) => o.id === sel.id) : undefined;
  if (!found) {
    // Named like every other refusal: `shipping_option_not_available: <field>: <why>`.
    const problem = sel.valid
      ? { path: 'selected_shipping_option.id', message: `option ${sel.id} is not available` }
      : { path: 'selected_shipping_option.valid', message: `is false: option ${sel.id} is not available` };
    throw invalid([problem], 'shipping_option_not_available');
  }
  const offered = withSearchedLocation(req, found, nowMs);
  const problems = selectionProblems(offered, sel);
  if (problems.length > 0) throw invalid(problems, 'invalid_selection');
  return { req, offered };
}

/**
 * A pickup location the customer found by searching another postal code (spec: location search) is
 * offered too: it is rebuilt from the postal area its id names and added to the option's locations.
 */
function withSearchedLocation(req: ShipmentRequest, offered: ShippingOption, nowMs: number): ShippingOption {
  const locId = req.selected_shipping_option.location?.id;
  if (!locId || !LOCATION_TYPES.includes(offered.type) || offered.locations?.some((l) => l.id === locId)) {
    return offered;
  }
  const postal = postalOfLocationId(locId);
  if (!postal) return offered;
  const search = { ...req, recipient: { country: req.recipient.country, postal_code: postal } };
  const loc = buildOptions(search, nowMs)
    .find((o) => o.id === offered.id)
    ?.locations?.find((l) => l.id === locId);
  return loc ? { ...offered, locations: [...(offered.locations ?? []), loc] } : offered;
}

/** The answer's selected option: the offer as it stands now, with the customer's choices and the carrier product. */
function selectedOption(req: ShipmentRequest, offered: ShippingOption) {
  const sel = req.selected_shipping_option;
  const product = PRODUCTS_BY_ID.get(offered.id)!;
  const carrier = carrierOf(product.carrier);
  const addons: Addon[] = selectedAddons(offered.addons ?? [], sel.addons);
  // A pickup choice without a location gets the nearest one, as a carrier would route it.
  const location = LOCATION_TYPES.includes(offered.type)
    ? (offered.locations?.find((l) => l.id === sel.location?.id) ?? offered.locations?.[0])
    : undefined;
  const timeslot = offered.timeslots?.find((t) => t.id === sel.timeslot?.id);
  const { locations: _l, timeslots: _t, preview: _p, addons: _a, ...rest } = offered;
  return {
    ...rest,
    addons,
    valid: true,
    ...(location ? { location } : {}),
    ...(timeslot ? { timeslot } : {}),
    carrier_product: {
      name: product.name,
      identifier: product.code,
      addon_identifiers: addons.map((a) => `${carrier.code}-${a.type.toUpperCase()}`),
    },
  };
}

function parcels(req: ShipmentRequest, offered: ShippingOption): number {
  const max = PRODUCTS_BY_ID.get(offered.id)!.parcelMaxG;
  return Math.min(MAX_PARCELS, Math.max(1, Math.ceil(orderFacts(req.order).weightG / max)));
}

/** Shipments of the fake integrator: one row each, ids unique (and so unique per session_id). */
export class IntegratorShipments {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The fake's settings: the tracking delay, read at each shipment. */
    private readonly settings: { get(): IntegratorSettings },
  ) {}

  /** POST /shipment: a new shipment, even for a session that already has one. */
  create(body: unknown): ShipmentAnswer {
    const now = this.clock.now();
    const { req, offered } = validate(body, now);
    const id = `shp_${randomBytes(8).toString('hex')}`;
    const at = new Date(now).toISOString();
    const doc = this.document(id, req, offered);
    const trackingAt = this.trackingAt(now);
    const orderId = req.order.id ?? null;
    insertIntegratorShipment(this.db, {
      shipment_id: id,
      session_id: req.session_id,
      order_id: orderId,
      doc: JSON.stringify(doc),
      created_at: at,
      updated_at: at,
      tracking_at_ms: trackingAt,
    });
    return { shipment: this.withTracking(doc, trackingAt), orderId };
  }

  /** PUT /shipment/{id}: re-validated and replaced, same id; tracking waits again from now. */
  update(id: string, body: unknown): ShipmentAnswer {
    const row = this.row(id);
    const now = this.clock.now();
    const { req, offered } = validate(body, now);
    if (req.session_id !== row.session_id)
      throw invalid(
        [{ path: 'session_id', message: `shipment ${id} belongs to another session` }],
        'session_mismatch',
      );
    const doc = this.document(id, req, offered);
    const trackingAt = this.trackingAt(now);
    updateIntegratorShipment(this.db, {
      shipment_id: id,
      order_id: req.order.id ?? row.order_id,
      doc: JSON.stringify(doc),
      updated_at: new Date(now).toISOString(),
      tracking_at_ms: trackingAt,
    });
    return { shipment: this.withTracking(doc, trackingAt), orderId: req.order.id ?? row.order_id };
  }

  /** GET /shipment/{id}: tracking ids appear once the clock passes the shipment's tracking time. */
  read(id: string): ShipmentAnswer {
    const row = this.row(id);
    return {
      shipment: this.withTracking(JSON.parse(row.doc) as StoredShipment, row.tracking_at_ms),
      orderId: row.order_id,
    };
  }

  /** Tracking ids appear this long after the last create or update, on the simulator clock. */
  private trackingAt(nowMs: number): number {
    return nowMs + this.settings.get().tracking_delay_s * 1000;
  }

  private row(id: string): IntegratorShipmentRow {
    const row = getIntegratorShipment(this.db, id);
    if (!row) throw new SimFailure('not_found', 'shipment_not_found', `shipment ${id} was not found`);
    return row;
  }

  private document(id: string, req: ShipmentRequest, offered: ShippingOption): StoredShipment {
    const carrier = offered.carrier;
    return {
      shipment_id: id,
      selected_shipping_option: selectedOption(req, offered),
      shipments: Array.from({ length: parcels(req, offered) }, () => ({ carrier })),
    };
  }

  /** Deterministic per shipment and parcel, in the carrier's own format; empty until it is known. */
  private withTracking(doc: StoredShipment, trackingAtMs: number): ShipmentResponse {
    const known = this.clock.now() >= trackingAtMs;
    return {
      ...doc,
      shipments: doc.shipments.map((s, i) => ({
        carrier: s.carrier,
        tracking_id: known ? carrierOf(s.carrier).tracking(`${doc.shipment_id}/${i}`) : '',
      })),
    };
  }
}
