import { startMerchantStub, stubCart, stubLine, type MerchantStub, type StubLine } from './merchant-stub';

export const REJECTED_POSTCODE = '00000';
export const REJECT_TEXT = 'We do not deliver to postal code 00000. Please choose another address.';

/**
 * A merchant's server with the in-session callbacks: country_change answers the German market in euros,
 * address_update refuses one postal code and otherwise adds a transport insurance line, shipping_option_update
 * puts the chosen option's fee in the cart, validation accepts.
 */
export function startShop(): Promise<MerchantStub> {
  const linesOf = (body: Record<string, unknown>) =>
    (body.order_lines as StubLine[]).filter((l) => l.type !== 'shipping_fee');
  return startMerchantStub({
    '/country': (body) => {
      const country = (body.shipping_address as { country?: string } | undefined)?.country;
      if (country !== 'DE') return { status: 200, body: {} };
      // Prices for the new market, not converted figures (the spec's rule 6); here simply about 1/11.
      const eur = (n: number) => Math.round(n / 11);
      const lines = linesOf(body).map((l) =>
        stubLine({
          ...l,
          unit_price: eur(l.unit_price),
          total_discount_amount: l.total_discount_amount ? eur(l.total_discount_amount) : undefined,
          tax_rate: 1900,
        }),
      );
      return {
        status: 200,
        body: {
          purchase_currency: 'EUR',
          locale: 'de-DE',
          ...stubCart(lines),
          shipping_options: [
            {
              id: 'standard',
              name: 'DHL Paket',
              price: 490,
              tax_amount: 78,
              tax_rate: 1900,
              preselected: true,
              shipping_method: 'Home',
            },
            {
              id: 'express',
              name: 'DHL Express',
              price: 990,
              tax_amount: 158,
              tax_rate: 1900,
              shipping_method: 'Home',
            },
          ],
        },
      };
    },
    '/address': (body) => {
      const address = body.shipping_address as { postal_code?: string };
      if (address.postal_code === REJECTED_POSTCODE) {
        return { status: 400, body: { error_type: 'address_error', error_text: REJECT_TEXT } };
      }
      const lines = linesOf(body).filter((l) => l.reference !== 'insurance');
      const rate = lines[0]?.tax_rate ?? 2500;
      return {
        status: 200,
        body: stubCart([
          ...lines,
          stubLine({
            reference: 'insurance',
            name: 'Transport insurance',
            quantity: 1,
            unit_price: 299,
            tax_rate: rate,
          }),
        ]),
      };
    },
    '/shipping': (body) => {
      const option = body.selected_shipping_option as {
        id: string;
        name: string;
        price: number;
        tax_rate: number;
      };
      const fee = stubLine({
        type: 'shipping_fee',
        reference: option.id,
        name: option.name,
        quantity: 1,
        unit_price: option.price,
        tax_rate: option.tax_rate,
      });
      return { status: 200, body: stubCart([...linesOf(body), fee]) };
    },
    '/validation': () => ({ status: 200, body: {} }),
  });
}
