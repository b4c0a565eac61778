import { type Addon } from '../schemas/integrator.schema';
import { type AddonChoice } from '../schemas/shipping-assistant.schema';
import { humanize } from '../format/shipping-format';

/*
 * The add-ons of one option as a form (spec § Add-on): each a checkbox, some with a text (a phone number for
 * an SMS notice, a door code, instructions bounded by `max_length`). Required add-ons are checked and cannot
 * be unchecked; the rest start at their `default`.
 */

type TextKind = 'tel' | 'email' | 'text' | 'textarea';

interface AddonInfo {
  label: string;
  /** What the text is, when the add-on carries one. */
  text?: { kind: TextKind; label: string; contact?: 'phone' | 'email' };
}

const ADDONS: Record<string, AddonInfo> = {
  sms: { label: 'SMS notice', text: { kind: 'tel', label: 'Phone number', contact: 'phone' } },
  email: { label: 'E-mail notice', text: { kind: 'email', label: 'E-mail address', contact: 'email' } },
  'phone-required': {
    label: 'Phone number for the carrier',
    text: { kind: 'tel', label: 'Phone number', contact: 'phone' },
  },
  'entry-code': { label: 'Door entry code', text: { kind: 'text', label: 'Entry code' } },
  'additional-instructions': {
    label: 'Delivery instructions',
    text: { kind: 'textarea', label: 'Instructions' },
  },
  'leave-outside-door': { label: 'Leave outside the door' },
  'sustainable-packaging': { label: 'Sustainable packaging' },
};

/** How the selector shows an add-on: its label and, for free-text ones, the input. */
export function addonInfo(a: Pick<Addon, 'type' | 'max_length'>): AddonInfo {
  const known = ADDONS[a.type];
  if (known) return known;
  // An add-on type the console does not know: a free-text one when it has a length bound.
  return {
    label: humanize(a.type),
    ...(a.max_length !== undefined ? { text: { kind: 'text' as const, label: 'Text' } } : {}),
  };
}

export interface AddonDraft {
  type: string;
  selected: boolean;
  text: string;
}

/** What the customer's address offers to prefill contact add-ons. */
export interface Contact {
  phone?: string;
  email?: string;
}

/** The form's starting state: an earlier choice of this option when there is one, else the offer's defaults. */
export function initialAddonDrafts(
  offered: readonly Addon[],
  contact: Contact,
  previous?: readonly Addon[],
): AddonDraft[] {
  return offered.map((a) => {
    const before = previous?.find((p) => p.type === a.type);
    const contactKind = addonInfo(a).text?.contact;
    const prefill = contactKind ? (contact[contactKind] ?? '') : '';
    const selected =
      a.required === true ||
      (previous ? before !== undefined && before.data?.selected !== false : a.default === true);
    return { type: a.type, selected, text: before?.data?.text ?? prefill };
  });
}

/** `E-mail notice` → `e-mail notice` inside a sentence; acronyms (`SMS notice`) stay. */
function lowerFirst(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label[0]!.toLowerCase() + label.slice(1);
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PHONE = /^\+?[\d\s().-]{5,}$/;

/** Problems per add-on index, in words for the field; empty when the choice can be sent. */
export function addonProblems(offered: readonly Addon[], drafts: readonly AddonDraft[]): Map<number, string> {
  const problems = new Map<number, string>();
  offered.forEach((a, i) => {
    const d = drafts[i];
    const info = addonInfo(a);
    if (!d) return;
    if (a.required && !d.selected) {
      problems.set(i, `${info.label} is required for this option`);
      return;
    }
    if (!d.selected || !info.text) return;
    const text = d.text.trim();
    if (a.max_length !== undefined && d.text.length > a.max_length) {
      problems.set(i, `At most ${a.max_length} characters (now ${d.text.length})`);
    } else if (info.text.contact && text === '') {
      problems.set(i, `Enter the ${info.text.label.toLowerCase()} for the ${lowerFirst(info.label)}`);
    } else if (info.text.contact === 'email' && !EMAIL.test(text)) {
      problems.set(i, 'Enter an e-mail address such as name@example.com');
    } else if (info.text.contact === 'phone' && !PHONE.test(text)) {
      problems.set(i, 'Enter a phone number such as +46 70 123 45 67');
    }
  });
  return problems;
}

/** The `addons` of the shipping_option step: every offered add-on with `data.selected` (and its text). */
export function addonPayload(offered: readonly Addon[], drafts: readonly AddonDraft[]): AddonChoice[] {
  return offered.map((a, i) => {
    const d = drafts[i];
    const selected = a.required === true || d?.selected === true;
    const text = d?.text.trim() ?? '';
    const withText = selected && addonInfo(a).text !== undefined && text !== '';
    return { type: a.type, data: { selected, ...(withText ? { text } : {}) } };
  });
}

/** The fee of a choice: the location's price (or the option's), the timeslot's and the selected add-ons'. */
export function choiceFee(
  optionPrice: number,
  parts: { locationPrice?: number; timeslotPrice?: number },
  offered: readonly Addon[],
  drafts: readonly AddonDraft[],
): number {
  const addons = offered.reduce(
    (sum, a, i) => sum + ((a.required || drafts[i]?.selected) && a.price ? a.price : 0),
    0,
  );
  return (parts.locationPrice ?? optionPrice) + (parts.timeslotPrice ?? 0) + addons;
}
