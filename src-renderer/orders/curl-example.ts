/** A small valid order, the same one the docs use, so the first curl a developer runs succeeds. */
export const SAMPLE_ORDER = {
  purchase_country: 'SE',
  purchase_currency: 'SEK',
  locale: 'sv-SE',
  order_amount: 50000,
  order_tax_amount: 10000,
  order_lines: [
    {
      type: 'physical',
      reference: '19-402',
      name: 'Battery Power Pack',
      quantity: 2,
      unit_price: 25000,
      tax_rate: 2500,
      total_amount: 50000,
      total_tax_amount: 10000,
    },
  ],
  merchant_urls: {
    terms: 'https://example.com/terms',
    checkout: 'https://example.com/checkout',
    confirmation: 'https://example.com/confirmation',
    push: 'https://example.com/api/push?order_id={checkout.order.id}',
  },
};

/** Quotes a string for a POSIX shell. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that creates the sample order against `apiUrl` with the given Basic auth credentials,
 * one option per line (with shell continuations) so it reads well and still pastes as one command.
 */
export function curlCreateOrder(apiUrl: string, username: string, password: string): string {
  const url = `${apiUrl.replace(/\/+$/, '')}/checkout/v3/orders`;
  return [
    `curl -u ${shellQuote(`${username}:${password}`)}`,
    `  -H ${shellQuote('Content-Type: application/json')}`,
    `  -d ${shellQuote(JSON.stringify(SAMPLE_ORDER))}`,
    `  ${shellQuote(url)}`,
  ].join(' \\\n');
}
