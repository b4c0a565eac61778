// The shop's catalogue: what it sells, where it sells it, and at what price.
//
// Everything here is plain data. Amounts are integers in minor units (öre, cents, pence) and tax rates are
// integers with two implicit decimals (2500 = 25 %), exactly as the checkout API wants them, so nothing
// is ever converted or rounded on the way from this file to an order line.

/**
 * Products. `stock` is the starting stock of each shop process (kept in memory by server.mjs).
 * `discountPercent` shows how a discount is sent: the line keeps its full `unit_price` and carries the
 * discount in `total_discount_amount` (the checkout API's rule), see cart.mjs.
 */
export const PRODUCTS = [
  {
    id: 'tea-towel',
    name: 'Linen tea towel',
    description: 'Stonewashed linen, 50 × 70 cm. Dries a whole dinner party.',
    stock: 12,
  },
  {
    id: 'enamel-mug',
    name: 'Enamel mug',
    description: 'Speckled enamel, 350 ml. Campfire-proof.',
    stock: 8,
  },
  {
    id: 'wool-socks',
    name: 'Wool socks',
    description: 'Merino blend with a ribbed cuff. Launch offer: 10 % off.',
    discountPercent: 10,
    stock: 20,
  },
  {
    id: 'beeswax-candle',
    name: 'Beeswax candle',
    description: 'Hand-dipped, burns about eight hours.',
    stock: 5,
  },
];

/**
 * Markets, one per shipping country. Each has its own currency, VAT rate, locale and price list: the
 * checkout's rule 6 says a country change is answered with prices for the new market, not converted
 * figures, so every market has real prices of its own (the euro markets differ too).
 * Shipping options use the same ids everywhere, so a customer's choice survives a country change.
 */
export const MARKETS = {
  SE: {
    country: 'SE',
    currency: 'SEK',
    locale: 'sv-SE',
    vat: 2500,
    prices: { 'tea-towel': 19900, 'enamel-mug': 24900, 'wool-socks': 14900, 'beeswax-candle': 8900 },
    shipping: [
      { id: 'pickup', name: 'PostNord pickup point', method: 'PickUpPoint', price: 4900, days: '2–3' },
      { id: 'home', name: 'PostNord home delivery', method: 'Home', price: 9900, days: '2–4' },
      { id: 'express', name: 'Budbee evening express', method: 'Home', price: 14900, days: '1' },
    ],
  },
  NO: {
    country: 'NO',
    currency: 'NOK',
    locale: 'nb-NO',
    vat: 2500,
    prices: { 'tea-towel': 21900, 'enamel-mug': 26900, 'wool-socks': 15900, 'beeswax-candle': 9900 },
    shipping: [
      { id: 'pickup', name: 'Posten pickup point', method: 'PickUpPoint', price: 6900, days: '3–5' },
      { id: 'home', name: 'Bring home delivery', method: 'Home', price: 12900, days: '3–5' },
      { id: 'express', name: 'Porterbuddy express', method: 'Home', price: 17900, days: '1–2' },
    ],
  },
  DK: {
    country: 'DK',
    currency: 'DKK',
    locale: 'da-DK',
    vat: 2500,
    prices: { 'tea-towel': 14900, 'enamel-mug': 17900, 'wool-socks': 10900, 'beeswax-candle': 6500 },
    shipping: [
      { id: 'pickup', name: 'GLS PakkeShop', method: 'PickUpPoint', price: 3900, days: '2–3' },
      { id: 'home', name: 'PostNord home delivery', method: 'Home', price: 6900, days: '2–4' },
      { id: 'express', name: 'Bring express', method: 'Home', price: 9900, days: '1' },
    ],
  },
  FI: {
    country: 'FI',
    currency: 'EUR',
    locale: 'fi-FI',
    vat: 2550,
    prices: { 'tea-towel': 1990, 'enamel-mug': 2390, 'wool-socks': 1490, 'beeswax-candle': 890 },
    shipping: [
      { id: 'pickup', name: 'Posti parcel locker', method: 'BoxReg', price: 590, days: '2–4' },
      { id: 'home', name: 'Posti home delivery', method: 'Home', price: 990, days: '2–5' },
      { id: 'express', name: 'Matkahuolto express', method: 'Home', price: 1490, days: '1–2' },
    ],
  },
  DE: {
    country: 'DE',
    currency: 'EUR',
    locale: 'de-DE',
    vat: 1900,
    prices: { 'tea-towel': 1790, 'enamel-mug': 2190, 'wool-socks': 1390, 'beeswax-candle': 790 },
    shipping: [
      { id: 'pickup', name: 'DHL Paketshop', method: 'PickUpPoint', price: 490, days: '3–4' },
      { id: 'home', name: 'DHL home delivery', method: 'Home', price: 690, days: '3–5' },
      { id: 'express', name: 'DHL Express', method: 'Home', price: 1290, days: '1–2' },
    ],
  },
  NL: {
    country: 'NL',
    currency: 'EUR',
    locale: 'nl-NL',
    vat: 2100,
    prices: { 'tea-towel': 1850, 'enamel-mug': 2290, 'wool-socks': 1390, 'beeswax-candle': 850 },
    shipping: [
      { id: 'pickup', name: 'PostNL pickup point', method: 'PickUpPoint', price: 395, days: '3–4' },
      { id: 'home', name: 'PostNL home delivery', method: 'Home', price: 595, days: '3–5' },
      { id: 'express', name: 'DHL Express', method: 'Home', price: 995, days: '1–2' },
    ],
  },
  GB: {
    country: 'GB',
    currency: 'GBP',
    locale: 'en-GB',
    vat: 2000,
    prices: { 'tea-towel': 1595, 'enamel-mug': 1995, 'wool-socks': 1195, 'beeswax-candle': 695 },
    shipping: [
      { id: 'pickup', name: 'Evri ParcelShop', method: 'PickUpPoint', price: 299, days: '3–5' },
      { id: 'home', name: 'Royal Mail Tracked 48', method: 'Home', price: 449, days: '2–4' },
      { id: 'express', name: 'DPD next day', method: 'Home', price: 799, days: '1' },
    ],
  },
};

/** The market every visitor starts in, and the one a new checkout order is created for. */
export const HOME_MARKET = 'SE';

/** Countries offered in the checkout's country selector: every market the shop has a price list for. */
export const SHIPPING_COUNTRIES = Object.keys(MARKETS);

/** The option preselected in every market: the cheapest, as most shops do. */
export const DEFAULT_SHIPPING_OPTION = 'pickup';

/** A postal code the shop refuses, to show what an address_error looks like to the customer. */
export const UNDELIVERABLE_POSTAL_CODE = '00000';

export function findProduct(id) {
  return PRODUCTS.find((p) => p.id === id);
}

/** The market for a country code, or undefined when the shop does not sell there. */
export function findMarket(country) {
  return typeof country === 'string' ? MARKETS[country.toUpperCase()] : undefined;
}

/**
 * Formats minor units for people: 14900 SEK in sv-SE is "149,00 kr". The shop imports nothing of the
 * simulator, so this is its own plain Intl call; it writes amounts as the checkout and the simulator's
 * console do (the order's locale and currency), so one amount reads the same on every screen.
 */
export function formatMoney(minor, market) {
  return new Intl.NumberFormat(market.locale, { style: 'currency', currency: market.currency }).format(
    minor / 100,
  );
}
