/*
 * The countries and currencies the fake integrator serves. Place names are real cities (so coordinates
 * look right on the console's map); streets and shops are invented.
 */

export interface CountryInfo {
  /** VAT with two implicit decimals (GAPS.md: 2500 = 25 %). */
  vat: number;
  city: string;
  postalCode: string;
  centre: { lat: number; lng: number };
  /** Whole-hour offset from UTC used for timeslots, cut-offs and opening hours (standard time). */
  utcOffsetH: number;
  streets: readonly string[];
  shops: readonly string[];
  /** Month-day dates on which shops close (or close early, when listed in shortDays). */
  holidays: readonly string[];
  shortDays: readonly string[];
}

const NORDIC_HOLIDAYS = ['01-01', '01-06', '05-01', '12-25', '12-26'];

export const COUNTRIES: Record<string, CountryInfo> = {
  SE: {
    vat: 2500,
    city: 'Stockholm',
    postalCode: '111 22',
    centre: { lat: 59.3293, lng: 18.0686 },
    utcOffsetH: 1,
    streets: ['Lindgatan', 'Sjövägen', 'Björkallén', 'Kvarngränd', 'Hamntorget', 'Ekbacken'],
    shops: ['Hörnbutiken', 'Matkassen Nära', 'Tidningskiosken', 'Järnhandeln', 'Bageri Solrosen'],
    holidays: [...NORDIC_HOLIDAYS, '06-06'],
    shortDays: ['12-24', '12-31'],
  },
  NO: {
    vat: 2500,
    city: 'Oslo',
    postalCode: '0150',
    centre: { lat: 59.9139, lng: 10.7522 },
    utcOffsetH: 1,
    streets: ['Fjordveien', 'Granliveien', 'Bryggegata', 'Løkkeveien', 'Skogstien', 'Torvgata'],
    shops: ['Nærbutikken', 'Kiosk Nord', 'Matsenteret', 'Bokhandel Fjell', 'Fiskehallen'],
    holidays: [...NORDIC_HOLIDAYS, '05-17'],
    shortDays: ['12-24', '12-31'],
  },
  DK: {
    vat: 2500,
    city: 'København',
    postalCode: '1050',
    centre: { lat: 55.6761, lng: 12.5683 },
    utcOffsetH: 1,
    streets: ['Strandvejen', 'Bøgevej', 'Kanalgade', 'Møllestien', 'Havnevej', 'Enghavevej'],
    shops: ['Købmanden', 'Kiosk Hjørnet', 'Bageriet', 'Cykelsmeden', 'Blomsterhuset'],
    holidays: [...NORDIC_HOLIDAYS, '06-05'],
    shortDays: ['12-24', '12-31'],
  },
  FI: {
    vat: 2550,
    city: 'Helsinki',
    postalCode: '00100',
    centre: { lat: 60.1699, lng: 24.9384 },
    utcOffsetH: 2,
    streets: ['Koivukatu', 'Rantatie', 'Myllypolku', 'Satamakatu', 'Kuusitie', 'Torikatu'],
    shops: ['Lähikauppa', 'Kioski Kulma', 'Leipomo Aamu', 'Rautakauppa', 'Kirjakauppa'],
    holidays: [...NORDIC_HOLIDAYS, '12-06'],
    shortDays: ['12-24', '12-31'],
  },
  DE: {
    vat: 1900,
    city: 'Berlin',
    postalCode: '10115',
    centre: { lat: 52.52, lng: 13.405 },
    utcOffsetH: 1,
    streets: ['Lindenstraße', 'Am Mühlbach', 'Birkenweg', 'Hafenstraße', 'Gartenstraße', 'Marktplatz'],
    shops: ['Späti am Eck', 'Bäckerei Korn', 'Schreibwaren Feder', 'Kiosk Mitte', 'Getränkemarkt'],
    holidays: ['01-01', '05-01', '10-03', '12-25', '12-26'],
    shortDays: ['12-24', '12-31'],
  },
  NL: {
    vat: 2100,
    city: 'Amsterdam',
    postalCode: '1012 AB',
    centre: { lat: 52.3676, lng: 4.9041 },
    utcOffsetH: 1,
    streets: ['Lindengracht', 'Molenweg', 'Kerkstraat', 'Havenkade', 'Tulpstraat', 'Dijkweg'],
    shops: ['Buurtwinkel', 'Tabak & Lectuur', 'Bakkerij De Korrel', 'Fietsenmaker', 'Drogisterij'],
    holidays: ['01-01', '04-27', '12-25', '12-26'],
    shortDays: ['12-24', '12-31'],
  },
  GB: {
    vat: 2000,
    city: 'London',
    postalCode: 'EC1A 1BB',
    centre: { lat: 51.5074, lng: -0.1278 },
    utcOffsetH: 0,
    streets: ['Mill Lane', 'Church Street', 'Harbour Road', 'Elm Grove', 'Station Road', 'High Street'],
    shops: ['Corner Shop', 'Newsagent & Post', 'Village Stores', 'The Hardware Co', 'Chemist on the Green'],
    holidays: ['01-01', '12-25', '12-26'],
    shortDays: ['12-24', '12-31'],
  },
  US: {
    vat: 0,
    city: 'New York',
    postalCode: '10001',
    centre: { lat: 40.7128, lng: -74.006 },
    utcOffsetH: -5,
    streets: ['Maple Avenue', 'Oak Street', 'Harbor Boulevard', 'Pine Road', 'Mill Street', 'Park Place'],
    shops: ['Corner Deli', 'Main Street Pharmacy', 'Hometown Hardware', 'Book Nook', 'Pack & Ship Store'],
    holidays: ['01-01', '07-04', '12-25'],
    shortDays: ['12-24', '12-31'],
  },
};

export interface CurrencyInfo {
  /** Units of this currency per euro (fixed: the catalogue is deterministic). */
  perEuro: number;
  /** Minor-unit digits (ISO 4217). */
  decimals: number;
  /** Order value at or above which eligible options are free, in minor units. */
  freeShippingFrom: number;
}

/** Currencies the fake integrator prices in; others are refused (spec: integrator and merchant agree). */
export const CURRENCIES: Record<string, CurrencyInfo> = {
  SEK: { perEuro: 11.5, decimals: 2, freeShippingFrom: 50_000 },
  NOK: { perEuro: 11.7, decimals: 2, freeShippingFrom: 60_000 },
  DKK: { perEuro: 7.46, decimals: 2, freeShippingFrom: 40_000 },
  EUR: { perEuro: 1, decimals: 2, freeShippingFrom: 5_000 },
  GBP: { perEuro: 0.85, decimals: 2, freeShippingFrom: 4_500 },
  USD: { perEuro: 1.08, decimals: 2, freeShippingFrom: 6_000 },
  CHF: { perEuro: 0.94, decimals: 2, freeShippingFrom: 5_000 },
  PLN: { perEuro: 4.3, decimals: 2, freeShippingFrom: 20_000 },
  ISK: { perEuro: 150, decimals: 0, freeShippingFrom: 8_000 },
};

/**
 * A price in minor units of `currency`, VAT included: a net euro price converted at the fixed rate,
 * VAT added, then rounded to a shelf price (whole units minus one for crowns, .90 for euro-like units).
 */
export function shelfPrice(netEuroCents: number, currency: CurrencyInfo, vat: number): number {
  if (netEuroCents === 0) return 0;
  const major = ((netEuroCents / 100) * currency.perEuro * (10_000 + vat)) / 10_000;
  const step = currency.perEuro >= 5 ? 1 : 0.1;
  const price = Math.max(step, Math.round(major) - step);
  return Math.round(price * 10 ** currency.decimals);
}
