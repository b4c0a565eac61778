import type {
  SHIPPING_METHODS,
  ShippingOption as CheckoutOption,
} from '@shared/schemas/checkout-order.schema';
import type { FieldProblem } from '@shared/schemas/common.schema';
import type {
  Addon,
  Location,
  SelectedShippingOption,
  ShipmentResponse,
  ShippingOption as TmsOption,
  ShippingType,
  Timeslot,
} from '@shared/schemas/integrator.schema';
import { LOCATION_TYPES } from '@shared/schemas/integrator.schema';
import type { ShippingSelection } from '@shared/schemas/shipping-assistant.schema';
import { selectedAddons, selectionProblems } from '@shared/rules/integrator-selection';
import type { Choice } from '../checkout/shipping-port';

/*
 * Integrator options as the checkout shows and stores them. The rest of the checkout (the option step, the
 * shipping fee line, the merchant's callbacks) works with the checkout's option shape, so each integrator
 * option gets `tax_amount` and a `shipping_method`, and keeps its integrator fields (type, carrier,
 * locations, add-ons, …) beside them.
 */

const METHODS: Record<ShippingType, (typeof SHIPPING_METHODS)[number]> = {
  'delivery-address': 'Home',
  'pickup-box': 'BoxReg',
  'pickup-point': 'PickUpPoint',
  'pickup-merchant-store': 'PickUpStore',
  postal: 'Postal',
  'generic-pickup': 'PickUpPoint',
  'generic-shipping': 'Own',
  'office-delivery': 'Home',
  'boat-delivery': 'Own',
  digital: 'Digital',
  'click-collect': 'PickUpStore',
  'pickup-warehouse': 'PickUpStore',
};

/** The VAT inside a price that includes it (GAPS.md: tax_rate 2500 = 25 %). */
export const taxOf = (price: number, rate: number): number =>
  Math.round(price - (price * 10000) / (10000 + rate));

/** An integrator option as the customer sees it. */
export function shownOption(o: TmsOption): CheckoutOption {
  return { ...o, tax_amount: taxOf(o.price, o.tax_rate), shipping_method: METHODS[o.type] };
}

/** The one option of a cart without physical items (spec § Errors); no call is made. */
export const DIGITAL_OPTION: CheckoutOption = {
  id: 'digital',
  name: 'Digital delivery',
  price: 0,
  tax_amount: 0,
  tax_rate: 0,
  preselected: true,
  shipping_method: 'Digital',
  type: 'digital',
  preview: false,
};

/** An integrator option back from the session state (shown options keep every integrator field). */
export const asTms = (o: CheckoutOption): TmsOption => o as unknown as TmsOption;

export interface Selection {
  problems: FieldProblem[];
  selection: ShippingSelection;
  /** For the order's selected_shipping_option: the checkout shape, priced with the choices. */
  selected: CheckoutOption;
  /** For POST/PUT /shipment (spec § Selected shipping option). */
  request: SelectedShippingOption;
}

/** selectionProblems names paths under selected_shipping_option; the step's input names them flat. */
const stepPath = (p: FieldProblem): FieldProblem => ({
  ...p,
  path: p.path
    .replace(/^selected_shipping_option\./, '')
    .replace(/^location\.id$/, 'location_id')
    .replace(/^timeslot\.id$/, 'timeslot_id'),
});

function pickLocation(o: TmsOption, choice: Choice, problems: FieldProblem[]): Location | null {
  if (choice.location_id !== undefined && !o.locations?.length)
    problems.push({
      path: 'location_id',
      message: `option '${o.id}' (${o.type}) has no locations to pick from`,
    });
  const found = o.locations?.find((l) => l.id === choice.location_id);
  // A pickup option without a choice goes to its first (nearest) location, as the selector preselects it.
  return (
    found ??
    (LOCATION_TYPES.includes(o.type) && choice.location_id === undefined ? (o.locations?.[0] ?? null) : null)
  );
}

/** Checks and prices a choice: required add-ons, `max_length`, offered locations and timeslots. */
export function selectionOf(o: TmsOption, choice: Choice): Selection {
  const problems: FieldProblem[] = [];
  const location = pickLocation(o, choice, problems);
  const timeslot: Timeslot | null = o.timeslots?.find((t) => t.id === choice.timeslot_id) ?? null;
  const offers = new Map((o.addons ?? []).map((a) => [a.type, a]));
  const chosen: Addon[] = (choice.addons ?? []).map((c) => ({
    category: offers.get(c.type)?.category ?? '',
    type: c.type,
    data: c.data,
  }));
  const request: SelectedShippingOption = {
    id: o.id,
    name: o.name,
    type: o.type,
    ...(o.class !== undefined ? { class: o.class } : {}),
    carrier: o.carrier,
    price: 0,
    tax_rate: o.tax_rate,
    addons: chosen,
    valid: !o.preview,
    ...(choice.location_id !== undefined || location
      ? { location: { id: choice.location_id ?? location!.id } }
      : {}),
    ...(choice.timeslot_id !== undefined ? { timeslot: { id: choice.timeslot_id } } : {}),
  };
  problems.push(...selectionProblems(o, request).map(stepPath));
  const addons = selectedAddons(o.addons ?? [], chosen).map((a) => ({
    ...a,
    data: a.data ?? { selected: true },
  }));
  const fee =
    (location?.price ?? o.price) + (timeslot?.price ?? 0) + addons.reduce((s, a) => s + (a.price ?? 0), 0);
  request.price = fee;
  request.addons = addons;
  const selected: CheckoutOption = {
    ...shownOption({ ...o, price: fee }),
    ...(location ? { location: { id: location.id, name: location.name, address: location.address } } : {}),
    ...(timeslot ? { timeslot: { id: timeslot.id, start: timeslot.start, end: timeslot.end } } : {}),
    addons,
  };
  for (const k of ['locations', 'timeslots', 'preselected'] as const) delete selected[k];
  const selection: ShippingSelection = {
    id: o.id,
    location_id: location?.id ?? null,
    timeslot_id: timeslot?.id ?? null,
    addons,
  };
  return { problems, selection, selected, request };
}

/** The add-on's id at the carrier: by position when the counts agree, else the one naming its type. */
function externalId(ids: readonly string[], addons: readonly Addon[], i: number): string | undefined {
  if (ids.length === addons.length) return ids[i];
  const type = addons[i]!.type.toUpperCase();
  return ids.find((x) => x.toUpperCase().endsWith(type));
}

/**
 * The completed order's selected_shipping_option (GAPS.md): `tms_reference` (the shipment id),
 * `delivery_details` and `selected_addons`, beside the option as selected.
 */
export function confirmedOption(selected: CheckoutOption, shipment: ShipmentResponse): CheckoutOption {
  const product = shipment.selected_shipping_option.carrier_product;
  const addons = (selected.addons ?? []) as Addon[];
  const location = selected.location as { id: string; name: string; address: unknown } | undefined;
  const timeslot = selected.timeslot as { id: string; start: string; end: string } | undefined;
  return {
    ...selected,
    tms_reference: shipment.shipment_id,
    delivery_details: {
      carrier: shipment.selected_shipping_option.carrier,
      ...(selected.class !== undefined ? { class: selected.class } : {}),
      product: { name: product.name, identifier: product.identifier },
      ...(timeslot ? { timeslot } : {}),
      ...(location ? { pickup_location: location } : {}),
    },
    selected_addons: addons.map((a, i) => {
      const id = externalId(product.addon_identifiers, addons, i);
      return {
        type: a.type,
        price: a.price ?? 0,
        ...(id !== undefined ? { external_id: id } : {}),
        user_input: a.data?.text ?? '',
      };
    }),
  };
}
