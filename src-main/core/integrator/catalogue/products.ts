import type { ShippingType } from '@shared/schemas/integrator.schema';

/** How a product states its delivery time: the spec's two forms, plus timeslots for home delivery. */
export type DeliveryPlan =
  | { kind: 'days'; earliest: number; latest: number }
  /** Local HH:MM windows on each of the next working days (GAPS.md: timeslot{id, start, end}). */
  | { kind: 'timeslots'; windows: readonly (readonly [string, string])[] }
  /** Exact times: delivered `afterDays` working days after dispatch, between `from` and `to`, if ordered by `cutoff`. */
  | { kind: 'exact'; afterDays: number; from: string; to: string; cutoff: string };

export interface AddonOffer {
  category: 'notifications' | 'delivery';
  type: string;
  required: boolean;
  default: boolean;
  netEuroCents?: number;
  max_length?: number;
}

export interface Product {
  /** The option id: stable, so a shipment can name the option it was made from. */
  id: string;
  carrier: string;
  name: string;
  /** carrier_product.identifier */
  code: string;
  type: ShippingType;
  class: 'standard' | 'economy' | 'express';
  countries: readonly string[];
  netEuroCents: number;
  maxWeightG: number;
  /** Above this weight the goods travel as several parcels (one shipment each). */
  parcelMaxG: number;
  delivery: DeliveryPlan;
  addons: readonly AddonOffer[];
  locations?: { kind: 'point' | 'locker'; count: number };
  /** Carries the eco badge and is free of fossil fuel on the last mile. */
  eco?: boolean;
  /** Free when the order reaches the currency's free-shipping threshold. */
  freeShippingEligible: boolean;
  /** Offered only for bulky or heavy orders (freight). */
  freightOnly?: boolean;
}

const addon = (
  category: AddonOffer['category'],
  type: string,
  more: Partial<AddonOffer> = {},
): AddonOffer => ({ category, type, required: false, default: false, ...more });

const SMS = addon('notifications', 'sms', { default: true });
const SMS_REQUIRED = addon('notifications', 'sms', { required: true, default: true });
const EMAIL = addon('notifications', 'email', { default: true });
const PHONE_REQUIRED = addon('notifications', 'phone-required', { required: true, default: true });
const ENTRY_CODE = addon('delivery', 'entry-code', { max_length: 12 });
const INSTRUCTIONS = addon('delivery', 'additional-instructions', { max_length: 100 });
const LEAVE_OUTSIDE = addon('delivery', 'leave-outside-door', { netEuroCents: 100 });
const SUSTAINABLE = addon('delivery', 'sustainable-packaging', { default: true, netEuroCents: 50 });

const NORDICS = ['SE', 'NO', 'DK', 'FI'];
const ALL = ['SE', 'NO', 'DK', 'FI', 'DE', 'NL', 'GB', 'US'];
const HOME_ADDONS = [SMS, EMAIL, ENTRY_CODE, INSTRUCTIONS, LEAVE_OUTSIDE];
const EVENING: readonly (readonly [string, string])[] = [['17:00', '21:00']];
const DAY_AND_EVENING: readonly (readonly [string, string])[] = [
  ['08:00', '12:00'],
  ['17:00', '21:00'],
];

type Row = Omit<Product, 'parcelMaxG' | 'freeShippingEligible'> &
  Partial<Pick<Product, 'parcelMaxG' | 'freeShippingEligible'>>;

// A data table: one product per block reads better than prettier's one field per line.
// prettier-ignore
const rows: Row[] = [
  // Nordics
  {
    id: 'nordpost-ombud', carrier: 'nordpost', name: 'Nordpost Ombud', code: 'NP-OMBUD',
    type: 'pickup-point', class: 'standard', countries: NORDICS, netEuroCents: 390, maxWeightG: 20_000,
    delivery: { kind: 'days', earliest: 1, latest: 3 }, addons: [SMS, EMAIL], locations: { kind: 'point', count: 5 },
  },
  {
    id: 'boxly-locker', carrier: 'boxly', name: 'Boxly Parcel Locker', code: 'BOX-LOCKER',
    type: 'pickup-box', class: 'standard', countries: ALL, netEuroCents: 350, maxWeightG: 20_000,
    delivery: { kind: 'days', earliest: 1, latest: 2 }, addons: [SMS_REQUIRED, EMAIL],
    locations: { kind: 'locker', count: 4 }, eco: true,
  },
  {
    id: 'nordpost-home', carrier: 'nordpost', name: 'Nordpost Home Evening', code: 'NP-HOME',
    type: 'delivery-address', class: 'standard', countries: NORDICS, netEuroCents: 790, maxWeightG: 35_000,
    delivery: { kind: 'timeslots', windows: EVENING }, addons: HOME_ADDONS,
  },
  {
    id: 'greenmile-bike', carrier: 'greenmile', name: 'Greenmile Cargo Bike', code: 'GM-BIKE',
    type: 'delivery-address', class: 'standard', countries: ['SE', 'DK', 'DE', 'NL', 'GB'], netEuroCents: 690,
    maxWeightG: 15_000, delivery: { kind: 'timeslots', windows: DAY_AND_EVENING },
    addons: [SMS, INSTRUCTIONS, LEAVE_OUTSIDE, SUSTAINABLE], eco: true,
  },
  {
    id: 'baltic-express-next-day', carrier: 'baltic-express', name: 'Baltic Express Next Day', code: 'BX-NDAY',
    type: 'delivery-address', class: 'express', countries: [...NORDICS, 'DE', 'NL'], netEuroCents: 1490,
    maxWeightG: 30_000, delivery: { kind: 'exact', afterDays: 1, from: '09:00', to: '12:00', cutoff: '16:00' },
    addons: [SMS_REQUIRED, ENTRY_CODE, INSTRUCTIONS],
  },
  {
    id: 'nordpost-letter', carrier: 'nordpost', name: 'Nordpost Letter', code: 'NP-BREV',
    type: 'postal', class: 'economy', countries: NORDICS, netEuroCents: 250, maxWeightG: 2_000,
    delivery: { kind: 'days', earliest: 2, latest: 5 }, addons: [EMAIL],
  },
  // Germany and the Netherlands
  {
    id: 'rheinpaket-shop', carrier: 'rheinpaket', name: 'Rheinpaket Paketshop', code: 'RP-SHOP',
    type: 'pickup-point', class: 'standard', countries: ['DE', 'NL'], netEuroCents: 450, maxWeightG: 31_500,
    delivery: { kind: 'days', earliest: 1, latest: 2 }, addons: [SMS, EMAIL], locations: { kind: 'point', count: 5 },
  },
  {
    id: 'rheinpaket-home', carrier: 'rheinpaket', name: 'Rheinpaket Home', code: 'RP-HOME',
    type: 'delivery-address', class: 'standard', countries: ['DE', 'NL'], netEuroCents: 590, maxWeightG: 31_500,
    delivery: { kind: 'days', earliest: 1, latest: 2 }, addons: [EMAIL, INSTRUCTIONS, LEAVE_OUTSIDE],
  },
  {
    id: 'rheinpaket-brief', carrier: 'rheinpaket', name: 'Rheinpaket Brief', code: 'RP-BRIEF',
    type: 'postal', class: 'economy', countries: ['DE', 'NL'], netEuroCents: 160, maxWeightG: 1_000,
    delivery: { kind: 'days', earliest: 1, latest: 3 }, addons: [],
  },
  // Great Britain
  {
    id: 'albion-parcel-shop', carrier: 'albion-parcel', name: 'Albion Parcel Shop', code: 'AP-SHOP',
    type: 'pickup-point', class: 'standard', countries: ['GB'], netEuroCents: 390, maxWeightG: 20_000,
    delivery: { kind: 'days', earliest: 2, latest: 3 }, addons: [SMS, EMAIL], locations: { kind: 'point', count: 5 },
  },
  {
    id: 'albion-parcel-home', carrier: 'albion-parcel', name: 'Albion Parcel Home', code: 'AP-HOME',
    type: 'delivery-address', class: 'standard', countries: ['GB'], netEuroCents: 590, maxWeightG: 30_000,
    delivery: { kind: 'timeslots', windows: DAY_AND_EVENING }, addons: HOME_ADDONS,
  },
  {
    id: 'albion-parcel-next-day', carrier: 'albion-parcel', name: 'Albion Parcel Next Day', code: 'AP-NDAY',
    type: 'delivery-address', class: 'express', countries: ['GB'], netEuroCents: 990, maxWeightG: 30_000,
    delivery: { kind: 'exact', afterDays: 1, from: '07:00', to: '13:00', cutoff: '18:00' },
    addons: [SMS, INSTRUCTIONS],
  },
  {
    id: 'albion-parcel-letter', carrier: 'albion-parcel', name: 'Albion Large Letter', code: 'AP-LETTER',
    type: 'postal', class: 'economy', countries: ['GB'], netEuroCents: 190, maxWeightG: 2_000,
    delivery: { kind: 'days', earliest: 2, latest: 4 }, addons: [],
  },
  // United States
  {
    id: 'liberty-parcel-point', carrier: 'liberty-parcel', name: 'Liberty Access Point', code: 'LP-POINT',
    type: 'pickup-point', class: 'economy', countries: ['US'], netEuroCents: 550, maxWeightG: 25_000,
    delivery: { kind: 'days', earliest: 3, latest: 6 }, addons: [EMAIL], locations: { kind: 'point', count: 5 },
  },
  {
    id: 'liberty-parcel-ground', carrier: 'liberty-parcel', name: 'Liberty Ground', code: 'LP-GROUND',
    type: 'delivery-address', class: 'standard', countries: ['US'], netEuroCents: 750, maxWeightG: 30_000,
    delivery: { kind: 'days', earliest: 3, latest: 5 }, addons: [EMAIL, INSTRUCTIONS, LEAVE_OUTSIDE],
  },
  {
    id: 'liberty-parcel-2day', carrier: 'liberty-parcel', name: 'Liberty 2nd Day Air', code: 'LP-2DAY',
    type: 'delivery-address', class: 'express', countries: ['US'], netEuroCents: 1890, maxWeightG: 30_000,
    delivery: { kind: 'exact', afterDays: 2, from: '09:00', to: '17:00', cutoff: '15:00' },
    addons: [EMAIL, PHONE_REQUIRED],
  },
  {
    id: 'liberty-parcel-mail', carrier: 'liberty-parcel', name: 'Liberty First-Class Mail', code: 'LP-MAIL',
    type: 'postal', class: 'economy', countries: ['US'], netEuroCents: 450, maxWeightG: 2_000,
    delivery: { kind: 'days', earliest: 3, latest: 7 }, addons: [],
  },
  // Everywhere: freight for what parcels cannot carry
  {
    id: 'atlas-freight-home', carrier: 'atlas-freight', name: 'Atlas Freight Home Delivery', code: 'ATL-HOME',
    type: 'delivery-address', class: 'economy', countries: ALL, netEuroCents: 3900, maxWeightG: 1_000_000,
    parcelMaxG: 1_000_000, delivery: { kind: 'days', earliest: 3, latest: 7 },
    addons: [PHONE_REQUIRED, INSTRUCTIONS], freightOnly: true, freeShippingEligible: false,
  },
];

/** Every product, in the order options are returned (the integrator decides the order, spec § What the service does). */
export const PRODUCTS: readonly Product[] = rows.map((r) => ({
  parcelMaxG: 20_000,
  freeShippingEligible: r.class !== 'express',
  ...r,
}));

export const PRODUCTS_BY_ID: ReadonlyMap<string, Product> = new Map(PRODUCTS.map((p) => [p.id, p]));
