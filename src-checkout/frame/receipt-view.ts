import type { CustomerView } from '@shared/schemas/customer.schema';
import type { Addon, Location, Timeslot } from '@shared/schemas/integrator.schema';
import { addonInfo } from '@shared/rules/addon-form';
import { formatWindow } from '@shared/format/shipping-format';
import { timeOptions } from './format';
import { integratorFields } from './shipping-view';

/*
 * The chosen delivery in words, for the summary of a done section and the receipt: where to pick it up,
 * when it comes, which extras.
 */

type Place = Pick<Location, 'id' | 'name'> & { address?: Partial<Location['address']> };
type Slot = Pick<Timeslot, 'id'> & Partial<Pick<Timeslot, 'start' | 'end'>>;

const obj = <T>(v: unknown): T | null => (v && typeof v === 'object' ? (v as T) : null);

export function selectionSummary(v: CustomerView): string[] {
  const sel = v.selected_shipping_option;
  if (!sel) return [];
  const raw = sel as Record<string, unknown>;
  const offered = v.shipping.options.find((o) => o.id === sel.id);
  const t = offered ? integratorFields(offered) : null;
  const choice = v.shipping.selection?.id === sel.id ? v.shipping.selection : null;

  const place = obj<Place>(raw.location) ?? t?.locations.find((l) => l.id === choice?.location_id) ?? null;
  const slot = obj<Slot>(raw.timeslot) ?? t?.timeslots.find((s) => s.id === choice?.timeslot_id) ?? null;
  const addons = (Array.isArray(raw.addons) ? (raw.addons as Addon[]) : (choice?.addons ?? [])).filter(
    (a) => a.data?.selected !== false,
  );

  const lines: string[] = [];
  if (place) {
    const a = place.address;
    const where = a
      ? [a.street_address, [a.postal_code, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : '';
    lines.push(`Pickup: ${place.name ?? place.id}${where ? `, ${where}` : ''}`);
  }
  if (slot)
    lines.push(
      `Delivery: ${slot.start || slot.end ? formatWindow(slot.start, slot.end, timeOptions()) : slot.id}`,
    );
  if (addons.length > 0) {
    lines.push(
      `Extras: ${addons.map((a) => (a.data?.text ? `${addonInfo(a).label} (${a.data.text})` : addonInfo(a).label)).join(', ')}`,
    );
  }
  return lines;
}
