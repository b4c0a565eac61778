import type { Address } from '@shared/schemas/checkout-order.schema';
import { EMPTY_ADDRESS, type AddressDraft } from '@shared/samples/test-people';

/*
 * The address form's rules, apart from its looks: the fields, the check before sending, the server's
 * problems put beside their fields, and a form that follows the order live without losing what the
 * customer typed.
 */

export type AddressKey = Exclude<keyof AddressDraft, 'country'>;
export type AddressPrefix = 'billing_address' | 'shipping_address';

export interface FieldSpec {
  key: AddressKey;
  label: string;
  /** The part of the data-testid after `kco-`: `given-name`. */
  test: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required: boolean;
  /** Shares a row with its neighbour on wide screens. */
  half?: boolean;
}

export const FIELDS: readonly FieldSpec[] = [
  { key: 'email', label: 'Email', test: 'email', type: 'email', autoComplete: 'email', required: true },
  {
    key: 'given_name',
    label: 'First name',
    test: 'given-name',
    type: 'text',
    autoComplete: 'given-name',
    required: true,
    half: true,
  },
  {
    key: 'family_name',
    label: 'Last name',
    test: 'family-name',
    type: 'text',
    autoComplete: 'family-name',
    required: true,
    half: true,
  },
  {
    key: 'street_address',
    label: 'Street address',
    test: 'street',
    type: 'text',
    autoComplete: 'address-line1',
    required: true,
  },
  {
    key: 'postal_code',
    label: 'Postal code',
    test: 'postal-code',
    type: 'text',
    autoComplete: 'postal-code',
    required: true,
    half: true,
  },
  {
    key: 'city',
    label: 'City',
    test: 'city',
    type: 'text',
    autoComplete: 'address-level2',
    required: true,
    half: true,
  },
  {
    key: 'phone',
    label: 'Phone (optional)',
    test: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    required: false,
    half: true,
  },
];

export const FIELD_KEYS: readonly AddressKey[] = FIELDS.map((f) => f.key);

/** The form's values for an address of the order (the merchant may have prefilled one), in `country`. */
export function draftFrom(a: Address | null | undefined, country: string): AddressDraft {
  const d: AddressDraft = { ...EMPTY_ADDRESS, country: country.toUpperCase() };
  for (const k of FIELD_KEYS) {
    const v = a?.[k];
    if (typeof v === 'string') d[k] = v;
  }
  return d;
}

/**
 * The order changed under the form (a step from the console, a merchant's answer): fields the customer
 * has not touched take the order's values, the ones they typed in stay.
 */
export function followServer(
  draft: AddressDraft,
  touched: ReadonlySet<AddressKey>,
  server: AddressDraft,
): AddressDraft {
  const next = { ...draft, country: server.country };
  for (const k of FIELD_KEYS) if (!touched.has(k)) next[k] = server[k];
  return next;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Field → problem, for the fields the customer must fix before the form is sent. */
export type FieldErrors = Partial<Record<AddressKey, string>>;

export function validateDraft(d: AddressDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of FIELDS) {
    const v = d[f.key].trim();
    if (f.required && v === '') errors[f.key] = `Enter your ${f.label.toLowerCase()}`;
  }
  if (!errors.email && !EMAIL.test(d.email.trim())) {
    errors.email = 'Enter an email address such as name@example.com';
  }
  return errors;
}

export interface Problem {
  path: string;
  message: string;
}

export interface SplitProblems {
  billing_address: FieldErrors;
  shipping_address: FieldErrors;
  /** Problems no field of the form claims: shown in a summary above the form. */
  other: Problem[];
}

/** The server's words, as a sentence beside the field (`is required (…)` → `Is required (…)`). */
export function sentence(message: string): string {
  return message === '' ? message : message[0]!.toUpperCase() + message.slice(1);
}

/** Each problem beside its field (`billing_address.email`), the rest in the summary. */
export function splitProblems(problems: readonly Problem[]): SplitProblems {
  const out: SplitProblems = { billing_address: {}, shipping_address: {}, other: [] };
  for (const p of problems) {
    const m = /^(billing_address|shipping_address)\.(\w+)$/.exec(p.path);
    const key = m?.[2] as AddressKey | undefined;
    if (m && key && FIELD_KEYS.includes(key)) {
      const fields = out[m[1] as AddressPrefix];
      fields[key] = fields[key] ? `${fields[key]}; ${p.message}` : sentence(p.message);
    } else out.other.push(p);
  }
  return out;
}

/** The DOM id of a field's input (`kco-billing_address-email`) and of its error text. */
export const inputId = (prefix: AddressPrefix, key: AddressKey) => `kco-${prefix}-${key}`;
export const errorId = (prefix: AddressPrefix, key: AddressKey) => `kco-${prefix}-${key}-error`;

/** The first field with a problem, in the form's order (billing first): where the focus goes. */
export function firstProblem(
  errors: Partial<Record<AddressPrefix, FieldErrors>>,
): { prefix: AddressPrefix; key: AddressKey } | null {
  for (const prefix of ['billing_address', 'shipping_address'] as const) {
    const e = errors[prefix];
    const key = e && FIELD_KEYS.find((k) => e[k]);
    if (key) return { prefix, key };
  }
  return null;
}

/** One line of an address as a summary shows it. */
export function addressSummary(a: Address | null | undefined, countryName: (c: string) => string): string[] {
  if (!a) return [];
  const name = [a.organization_name, [a.given_name, a.family_name].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const town = [a.postal_code, a.city].filter(Boolean).join(' ');
  return [name, a.street_address, town, a.country ? countryName(a.country) : '', a.email, a.phone].filter(
    (x): x is string => typeof x === 'string' && x.trim() !== '',
  );
}
