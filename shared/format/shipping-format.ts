import { type FallbackCause } from '../schemas/shipping-assistant.schema';
import { type DeliveryTime } from '../schemas/integrator.schema';

/*
 * Words for what the shipping selector shows: shipping types, delivery times (working days, or exact times in
 * the buyer's time zone), classes, badges and fallback causes. Pure, so each rule has a test.
 */

/** The name the selector shows for each shipping type (spec § Shipping types: the type "controls the name"). */
const TYPE_NAMES: Record<string, string> = {
  'delivery-address': 'Home delivery',
  'pickup-box': 'Parcel locker',
  'pickup-point': 'Pickup point',
  'pickup-merchant-store': 'Pick up in store',
  postal: 'Postal delivery',
  'generic-pickup': 'Pickup point (carrier picks)',
  'generic-shipping': 'Delivery (carrier decides)',
  'office-delivery': 'Office delivery',
  'boat-delivery': 'Boat delivery',
  digital: 'Digital delivery',
  'click-collect': 'Click & collect',
  'pickup-warehouse': 'Pick up at the warehouse',
};

/** The checkout's own shipping_method values (merchant and fallback options have no integrator type). */
const METHOD_NAMES: Record<string, string> = {
  Home: 'Home delivery',
  PickUpPoint: 'Pickup point',
  PickUpStore: 'Pick up in store',
  BoxReg: 'Parcel locker',
  BoxUnreg: 'Parcel locker',
  DHLPackstation: 'Parcel locker',
  Postal: 'Postal delivery',
  Digital: 'Digital delivery',
  Own: 'Delivery',
};

/** "Pickup point" for `pickup-point`; falls back to the checkout's shipping_method, then to plain "Shipping". */
export function shippingTypeName(type: string | undefined, method?: string): string {
  if (type) return TYPE_NAMES[type] ?? humanize(type);
  if (method) return METHOD_NAMES[method] ?? humanize(method);
  return 'Shipping';
}

/** `next-day-air` → `Next day air`. */
export function humanize(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words === '' ? id : words[0]!.toUpperCase() + words.slice(1);
}

const CLASS_NAMES: Record<string, string> = { standard: 'Standard', economy: 'Economy', express: 'Express' };

export function className(c: string): string {
  return CLASS_NAMES[c] ?? humanize(c);
}

const BADGE_NAMES: Record<string, string> = { eco: 'Eco-friendly' };

/** A feature badge (spec: `features[]` with class `badge`), e.g. `eco` → "Eco-friendly". */
export function badgeName(type: string): string {
  return BADGE_NAMES[type] ?? humanize(type);
}

const CAUSES: Record<FallbackCause, string> = {
  not_configured: 'the shipping assistant is not configured',
  timeout: 'the integrator did not answer in time',
  unreachable: 'the integrator could not be reached',
  server_error: 'the integrator answered with a server error',
  unlisted_status: 'the integrator answered with a status the spec does not list',
  not_json: 'the integrator’s answer was not one JSON object',
  invalid_response: 'the integrator’s answer did not match the spec',
  unauthorized: 'the integrator refused the credentials',
};

/** Why the fallback options show, in words (spec § Errors). */
export function fallbackCauseText(cause: FallbackCause | null): string {
  return cause ? CAUSES[cause] : 'the integrator’s options could not be used';
}

// ---- Delivery times ----------------------------------------------------------------------------------

/**
 * Where and how to write times: the buyer's zone (the browser's unless given), in a locale's way of writing
 * days and times (the embedded checkout passes the order's `locale`, as the real checkout shows it:
 * `mån 23 nov. 17:00` for sv-SE, `Mon, Nov 23 05:00 PM` for en-US); en-GB (`Mon 23 Nov 17:00`) unless given.
 */
export interface TimeOptions {
  timeZone?: string;
  locale?: string;
}

interface LocalParts {
  /** YYYY-MM-DD in the zone, to tell whether two times fall on the same day. */
  dayKey: string;
  /** `Mon 23 Nov` (en-GB), `mån 23 nov.` (sv-SE) */
  day: string;
  /** `17:00` (en-GB), `05:00 PM` (en-US) */
  time: string;
  /** `CET`, `UTC`, `GMT-5` */
  zone: string;
}

interface Formatters {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  zone: Intl.DateTimeFormat;
  key: Intl.DateTimeFormat;
}

const formatters = new Map<string, Formatters>();

function makeFormatters(locale: string, timeZone: string | undefined): Formatters {
  return {
    day: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
    // The locale's own clock (24 h in sv-SE and en-GB, AM/PM in en-US).
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }),
    // Zone abbreviations as en-GB writes them (CET, EST): other locales often spell them out (GMT+1).
    zone: new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }),
    // en-CA writes dates as YYYY-MM-DD.
    key: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  };
}

function formattersFor(timeZone: string | undefined, locale = 'en-GB'): Formatters {
  const cacheKey = `${timeZone ?? ''}|${locale}`;
  let f = formatters.get(cacheKey);
  if (!f) {
    try {
      f = makeFormatters(locale, timeZone);
    } catch {
      // A locale the runtime does not know (or a malformed one) writes as en-GB rather than failing the page.
      f = makeFormatters('en-GB', timeZone);
    }
    formatters.set(cacheKey, f);
  }
  return f;
}

function localParts(iso: string, opts: TimeOptions): LocalParts | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const f = formattersFor(opts.timeZone, opts.locale);
  const zone = f.zone.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return {
    dayKey: f.key.format(d),
    // en-GB's day has no comma (`Mon 23 Nov`); other locales keep their own punctuation.
    day: f.day.format(d),
    time: f.time.format(d),
    zone,
  };
}

/** A time window in the buyer's zone: `Mon 23 Nov, 17:00–21:00 CET`, or across days with both dates. */
export function formatWindow(
  start: string | undefined,
  end: string | undefined,
  opts: TimeOptions = {},
): string {
  const a = start ? localParts(start, opts) : null;
  const b = end ? localParts(end, opts) : null;
  if (a && b) {
    if (a.dayKey === b.dayKey) return `${a.day}, ${a.time}–${b.time} ${b.zone}`;
    return `${a.day} ${a.time} – ${b.day} ${b.time} ${b.zone}`;
  }
  if (a) return `from ${a.day}, ${a.time} ${a.zone}`;
  if (b) return `by ${b.day}, ${b.time} ${b.zone}`;
  return [start, end].filter(Boolean).join(' – ');
}

/** One instant in the buyer's zone: `Sun 22 Nov, 16:00 CET`. */
export function formatInstant(iso: string, opts: TimeOptions = {}): string {
  const p = localParts(iso, opts);
  return p ? `${p.day}, ${p.time} ${p.zone}` : iso;
}

/** A delivery time as the selector shows it, and the cut-off when there is one. */
export interface DeliveryTimeText {
  text: string;
  cutoff: string | null;
}

/**
 * Day offsets are working days ("1–2 working days", spec § Delivery time); exact times are shown in the
 * buyer's local time zone (a UTC value converted). Null when the option has no delivery time.
 */
export function formatDeliveryTime(
  dt: DeliveryTime | undefined,
  opts: TimeOptions = {},
): DeliveryTimeText | null {
  if (!dt) return null;
  if ('interval' in dt) {
    const { earliest, latest } = dt.interval;
    if (latest === 0) return { text: 'Today', cutoff: null };
    // A range is always plural ("0–1 working days"); a single day is "1 working day".
    if (earliest === latest) return { text: `${latest} working day${latest === 1 ? '' : 's'}`, cutoff: null };
    return { text: `${earliest}–${latest} working days`, cutoff: null };
  }
  return {
    text: formatWindow(dt.earliest, dt.latest, opts),
    cutoff: dt.cutoff ? `Order by ${formatInstant(dt.cutoff, opts)}` : null,
  };
}
