import type { Address } from '@shared/schemas/checkout-order.schema';
import type { AddressUpdate } from '@shared/schemas/om-updates.schema';
import type { OmOrder } from '@shared/schemas/order-management.schema';
import { invalid } from '../errors';
import { forbidden } from './om-doc';
import { captureOf } from './om-doc-updates';

/**
 * `PATCH …/captures/{capture_id}/customer-details`: the official PHP SDK's `Capture::updateCustomerDetails`
 * ("Update the billing address for a capture. Shipping address can not be updated.", its example). The
 * given fields of the billing address replace the capture's, an empty string clears one; the country
 * stays. The order's own billing address is the purchase's and does not change.
 */
export function applyCaptureCustomerDetails(
  o: OmOrder,
  captureId: string,
  body: { billing_address: AddressUpdate; shipping_address?: unknown },
): OmOrder {
  const c = captureOf(o, captureId, 'customer details belong to a capture; capture first');
  const refuse = (why: string) =>
    forbidden(
      'NOT_ALLOWED',
      `the customer details of capture ${c.klarna_reference} cannot be updated: ${why}`,
    );
  if (body.shipping_address !== undefined) {
    throw refuse('shipping_address cannot be updated on a capture');
  }
  // After the 403 above (the SDK's "Shipping address can not be updated" is the answer to a body that
  // names one, with or without a billing address), what the body itself lacks or breaks is a 400.
  if (body.billing_address === undefined)
    throw invalid([{ path: 'billing_address', message: 'is required' }]);
  if (body.billing_address.country === '')
    throw invalid([{ path: 'billing_address.country', message: 'cannot be cleared' }]);
  const was = c.billing_address?.country;
  const next = body.billing_address.country;
  if (next && was && next.toUpperCase() !== was.toUpperCase()) {
    throw refuse(`billing_address.country cannot change (${was} → ${next})`);
  }
  const merged: Record<string, unknown> = { ...c.billing_address };
  for (const [k, v] of Object.entries(body.billing_address)) {
    if (v === '') delete merged[k];
    else if (v !== undefined) merged[k] = v;
  }
  return {
    ...o,
    captures: o.captures.map((x) =>
      x.capture_id === captureId ? { ...x, billing_address: merged as Address } : x,
    ),
  };
}
