import type { DeliveryTime, Timeslot } from '@shared/schemas/integrator.schema';
import {
  atLocal,
  isoDate,
  isWorkingDay,
  localDay,
  localMinutes,
  minutesOf,
  workingDayAfter,
} from './calendar';
import type { CountryInfo } from './countries';
import type { Product } from './products';

const TIMESLOT_DAYS = 3;

/** Timeslots on the next working days, each window of the product once per day. */
export function timeslotsFor(product: Product, country: CountryInfo, nowMs: number): Timeslot[] {
  if (product.delivery.kind !== 'timeslots') return [];
  const today = localDay(nowMs, country);
  const out: Timeslot[] = [];
  for (let n = 1; n <= TIMESLOT_DAYS; n++) {
    const day = workingDayAfter(today, country, n);
    for (const [from, to] of product.delivery.windows) {
      out.push({
        id: `${product.id}-${isoDate(day).replaceAll('-', '')}-${from.replace(':', '')}`,
        start: atLocal(day, from, country),
        end: atLocal(day, to, country),
      });
    }
  }
  return out;
}

/**
 * The option's delivery_time in the spec's two forms: day offsets (`interval`) for parcels and letters,
 * exact ISO times for timeslot and express products (the first slot; the express window with its cut-off).
 */
export function deliveryTimeFor(
  product: Product,
  country: CountryInfo,
  nowMs: number,
  slots: readonly Timeslot[],
): DeliveryTime {
  const plan = product.delivery;
  if (plan.kind === 'days') return { interval: { earliest: plan.earliest, latest: plan.latest } };
  if (plan.kind === 'timeslots') return { earliest: slots[0]!.start, latest: slots[0]!.end };
  const today = localDay(nowMs, country);
  const beforeCutoff = isWorkingDay(today, country) && localMinutes(nowMs, country) < minutesOf(plan.cutoff);
  const dispatch = beforeCutoff ? today : workingDayAfter(today, country, 1);
  const arrival = workingDayAfter(dispatch, country, plan.afterDays);
  return {
    earliest: atLocal(arrival, plan.from, country),
    latest: atLocal(arrival, plan.to, country),
    cutoff: atLocal(dispatch, plan.cutoff, country),
  };
}
