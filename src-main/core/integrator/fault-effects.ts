import type { AuthFaults, OptionsFaults } from '@shared/schemas/integrator-sim.schema';
import type { ShipmentResponse, ShippingOption } from '@shared/schemas/integrator.schema';

/*
 * What the content faults do to an answer. Each breaks exactly one rule of the spec, so a shipping
 * assistant (or the conformance run) can be seen to notice that one rule.
 */

/** empty_list, wrong_preview_flag, missing_required_fields (price and tax_rate) on POST /shippingoptions. */
export function faultyOptions(options: readonly ShippingOption[], f: OptionsFaults): unknown[] {
  if (f.empty_list) return [];
  return options.map((o) => {
    const out: Record<string, unknown> = { ...o };
    if (f.wrong_preview_flag) out.preview = !o.preview;
    if (f.missing_required_fields) {
      delete out.price;
      delete out.tax_rate;
    }
    return out;
  });
}

/** missing_required_fields on POST /auth: a 201 without the token. */
export function faultyAuth(token: string, f: AuthFaults): Record<string, unknown> {
  return f.missing_required_fields ? {} : { token };
}

/** missing_required_fields on /shipment: no shipment_id and no shipments. */
export function faultyShipment(s: ShipmentResponse, missingRequired: boolean): Record<string, unknown> {
  if (!missingRequired) return s;
  const { shipment_id: _id, shipments: _s, ...rest } = s;
  return rest;
}

/** malformed_json: the answer cut off half-way, so it is not JSON. */
export function malformed(body: string): string {
  return body.length > 1 ? body.slice(0, Math.ceil(body.length / 2)) : '{';
}
