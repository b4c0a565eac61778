/*
 * The fixed data of a conformance run: an ordinary Swedish order (two physical lines with weights and
 * tags, 25 % VAT, SEK) and its recipient, as the shipping assistant would send them.
 */

export const SAMPLE_COUNTRY = 'SE';
/** The postal code of the location search (Göteborg), different from the recipient's. */
export const SAMPLE_SEARCH_POSTAL_CODE = '41105';

export const sampleRecipient = () => ({
  given_name: 'Alva',
  family_name: 'Lind',
  street_address: 'Sveavägen 12',
  postal_code: '11350',
  city: 'Stockholm',
  country: SAMPLE_COUNTRY,
  phone: '+46701234567',
  email: 'alva@example.com',
  customer_type: 'person',
});

export const sampleOrder = (id: string) => ({
  id,
  total_amount: 74_900,
  total_tax: 14_980,
  total_amount_without_shipping_fee: 74_900,
  total_tax_without_shipping_fee: 14_980,
  tags: ['conformance'],
  lines: [
    {
      type: 'physical',
      reference: 'PP-19-402',
      quantity: 2,
      unit_price: 25_000,
      tax_rate: 2500,
      total_tax_amount: 10_000,
      total_price_including_tax: 50_000,
      total_discount_amount: 0,
      attributes: { weight: 800, dimensions: { width: 120, height: 60, length: 200 }, tags: ['electronics'] },
    },
    {
      type: 'physical',
      reference: 'CB-7',
      quantity: 1,
      unit_price: 24_900,
      tax_rate: 2500,
      total_tax_amount: 4_980,
      total_price_including_tax: 24_900,
      total_discount_amount: 0,
      attributes: { weight: 800, tags: [] },
    },
  ],
});

/** A /shippingoptions body for the run's session and order, with the given recipient. */
export const optionsBody = (sessionId: string, orderId: string, recipient: object) =>
  JSON.stringify({
    session_id: sessionId,
    locale: 'sv-SE',
    currency: 'SEK',
    geoblocking: false,
    recipient,
    order: sampleOrder(orderId),
  });

export const shipmentBody = (sessionId: string, orderId: string, selected: object) =>
  JSON.stringify({
    session_id: sessionId,
    locale: 'sv-SE',
    currency: 'SEK',
    recipient: sampleRecipient(),
    order: sampleOrder(orderId),
    selected_shipping_option: selected,
  });
