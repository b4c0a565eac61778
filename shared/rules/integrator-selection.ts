import type { FieldProblem } from '../schemas/common.schema';
import type { Addon, SelectedShippingOption, ShippingOption } from '../schemas/integrator.schema';
import { LOCATION_TYPES } from '../schemas/integrator.schema';

/**
 * The add-ons of a choice that end up selected: those the customer selected, plus the required ones
 * (which cannot be deselected). Selection state is `data.selected`, falling back to the offer's `default`.
 */
export function selectedAddons(offered: readonly Addon[], chosen: readonly Addon[] = []): Addon[] {
  const byType = new Map(chosen.map((a) => [a.type, a]));
  return offered.flatMap((offer) => {
    const pick = byType.get(offer.type);
    const on = pick?.data?.selected ?? offer.default ?? false;
    return on || offer.required ? [{ ...offer, ...(pick?.data ? { data: pick.data } : {}) }] : [];
  });
}

function addonProblems(offered: readonly Addon[], chosen: readonly Addon[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const offers = new Map(offered.map((a) => [a.type, a]));
  chosen.forEach((a, i) => {
    const path = `selected_shipping_option.addons[${i}]`;
    const offer = offers.get(a.type);
    if (!offer) problems.push({ path: `${path}.type`, message: `add-on ${a.type} is not offered` });
    else if (offer.required && a.data?.selected === false)
      problems.push({ path: `${path}.data.selected`, message: `add-on ${a.type} is required` });
    const text = a.data?.text;
    if (offer?.max_length !== undefined && text !== undefined && text.length > offer.max_length) {
      problems.push({
        path: `${path}.data.text`,
        message: `must be at most ${offer.max_length} characters, got ${text.length}`,
      });
    }
  });
  return problems;
}

/**
 * Checks a customer's choice against the option offered (spec § Add-on: required add-ons, `max_length`;
 * § Shipping types: a pickup choice holds one of the offered locations). Empty when the choice is valid.
 */
export function selectionProblems(offered: ShippingOption, chosen: SelectedShippingOption): FieldProblem[] {
  const problems = addonProblems(offered.addons ?? [], chosen.addons ?? []);
  const locId = chosen.location?.id;
  if (locId !== undefined && LOCATION_TYPES.includes(offered.type)) {
    if (!offered.locations?.some((l) => l.id === locId))
      problems.push({
        path: 'selected_shipping_option.location.id',
        message: `location ${locId} is not offered`,
      });
  }
  const slotId = chosen.timeslot?.id;
  if (slotId !== undefined && !offered.timeslots?.some((t) => t.id === slotId))
    problems.push({
      path: 'selected_shipping_option.timeslot.id',
      message: `timeslot ${slotId} is not offered`,
    });
  return problems;
}
