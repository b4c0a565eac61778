import { z } from 'zod';
import { isWebUrl } from './web-url';
import {
  CartSchema,
  ShippingOptionSchema,
  type Cart,
  type ShippingOption,
} from '../schemas/checkout-order.schema';
import { CALLBACK_ERROR_TYPES } from '../schemas/callbacks.schema';
import { CurrencySchema, LocaleSchema } from '../schemas/common.schema';
import type { Violation } from '../schemas/exchange.schema';
import { checkCart } from './order-arithmetic';
import { formatPath } from './schema-problems';
import { excerpt } from '../format/sentence';

/** What came back from a callback: a response, or no answer (`error` says why). */
export interface RawAnswer {
  status: number | null;
  headers: Record<string, string>;
  body: string | null;
  error?: 'timeout' | 'unreachable';
  errorDetail?: string;
}

/** The parts of a 200 answer that apply, each on its own. */
export interface UpdatePatch {
  shipping_options?: ShippingOption[];
  purchase_currency?: string;
  locale?: string;
  merchant_data?: string;
  merchant_reference1?: string;
  merchant_reference2?: string;
  tags?: string[];
  cart?: Cart;
}

export type UpdateVerdict =
  | { outcome: 'applied'; patch: UpdatePatch; notes: string[] }
  | { outcome: 'rejected'; errorType: string; errorText: string | null }
  | { outcome: 'redirected'; url: string }
  | { outcome: 'failed'; reason: string; violations: Violation[] };

export const REDIRECT_STATUSES = [301, 302, 303, 307];
const TEXT_REQUIRED = ['address_error', 'approval_failed'];
const REJECT_TYPES: readonly string[] = CALLBACK_ERROR_TYPES;
const CART_KEYS = ['order_amount', 'order_tax_amount', 'order_lines'] as const;
const SINGLE_PARTS = {
  purchase_currency: CurrencySchema,
  locale: LocaleSchema,
  merchant_data: z.string(),
  merchant_reference1: z.string(),
  merchant_reference2: z.string(),
  tags: z.array(z.string()),
} as const;

/** A call that timed out, naming the setting that sets its limit (every merchant callback has the one). */
export const noAnswerWithin = (timeoutMs: number) =>
  `no answer within ${timeoutMs} ms (the setting callback_timeout_ms)`;

const fail = (reason: string, rule: string, path = '(body)'): UpdateVerdict => ({
  outcome: 'failed',
  reason,
  violations: [{ rule, path, message: reason }],
});

function parseObject(body: string | null): Record<string, unknown> | string {
  if (body === null || body.trim() === '')
    return 'the body is empty (200 needs a JSON object; {} changes nothing)';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `the body is not valid JSON: ${excerpt(body)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the body is not a JSON object';
  return value as Record<string, unknown>;
}

const firstIssue = (e: z.ZodError, prefix: string) => {
  const i = e.issues[0]!;
  return { path: formatPath([prefix, ...i.path]).replace(/^\./, ''), message: i.message };
};

/** Reads a 200 answer part by part: options, each single field, and the cart only when whole. */
function readPatch(body: Record<string, unknown>): UpdateVerdict {
  const patch: UpdatePatch = {};
  const notes: string[] = [];
  if ('shipping_options' in body) {
    const r = z.array(ShippingOptionSchema).safeParse(body.shipping_options);
    if (!r.success) {
      const p = firstIssue(r.error, 'shipping_options');
      return fail(
        `invalid shipping option list: ${p.path}: ${p.message}`,
        'callbacks.shipping_option',
        p.path,
      );
    }
    const pre = r.data.filter((o) => o.preselected === true).length;
    if (pre !== 1) {
      return fail(
        `invalid shipping option list: exactly one option must be preselected, found ${pre}`,
        'callbacks.shipping_option.preselected',
        'shipping_options',
      );
    }
    patch.shipping_options = r.data;
  }
  for (const [key, schema] of Object.entries(SINGLE_PARTS)) {
    if (!(key in body)) continue;
    const r = schema.safeParse(body[key]);
    if (!r.success) return fail(`invalid ${key}: ${r.error.issues[0]!.message}`, 'callbacks.rule2', key);
    (patch as Record<string, unknown>)[key] = r.data;
  }
  const present = CART_KEYS.filter((k) => k in body);
  if (present.length === CART_KEYS.length) {
    const r = CartSchema.safeParse(body);
    if (!r.success) {
      const p = firstIssue(r.error, '');
      return fail(`invalid cart: ${p.path}: ${p.message}`, 'callbacks.cart', p.path);
    }
    const problems = checkCart(r.data);
    if (problems.length > 0) {
      return {
        outcome: 'failed',
        reason: `the cart does not reconcile: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        violations: problems.map((p) => ({
          rule: 'conventions.arithmetic',
          path: p.path,
          message: p.message,
        })),
      };
    }
    patch.cart = {
      order_amount: r.data.order_amount,
      order_tax_amount: r.data.order_tax_amount,
      order_lines: r.data.order_lines,
    };
  } else if (present.length > 0) {
    const missing = CART_KEYS.filter((k) => !(k in body));
    notes.push(
      `The cart was ignored: it has ${present.join(', ')} but not ${missing.join(', ')} (a cart applies only with order_amount, order_tax_amount and order_lines all present).`,
    );
  }
  const known = new Set<string>(['shipping_options', ...Object.keys(SINGLE_PARTS), ...CART_KEYS]);
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length > 0)
    notes.push(`Ignored fields the checkout does not take from an answer: ${unknown.join(', ')}.`);
  if (Object.keys(body).length === 0) notes.push('The answer was {}: nothing changes.');
  return { outcome: 'applied', patch, notes };
}

function readRejection(body: string | null): UpdateVerdict {
  const parsed = parseObject(body);
  if (typeof parsed === 'string') return fail(`400 answer: ${parsed}`, 'callbacks.rule5');
  const type = parsed.error_type;
  const text = typeof parsed.error_text === 'string' ? parsed.error_text : null;
  if (typeof type !== 'string' || !REJECT_TYPES.includes(type)) {
    return fail(
      `400 answer with error_type ${JSON.stringify(type)}: only ${REJECT_TYPES.join(', ')} are valid`,
      'callbacks.rule5',
      'error_type',
    );
  }
  if (TEXT_REQUIRED.includes(type) && (text === null || text.trim() === '')) {
    return fail(
      `400 answer with error_type ${type} must carry error_text (shown to the customer)`,
      'callbacks.rule5',
      'error_text',
    );
  }
  return { outcome: 'rejected', errorType: type, errorText: text };
}

/** Interprets an address_update, country_change or shipping_option_update answer by the spec's rules. */
export function interpretUpdateAnswer(a: RawAnswer, timeoutMs: number): UpdateVerdict {
  if (a.error === 'timeout') return fail(noAnswerWithin(timeoutMs), 'limits.in_session_time');
  if (a.error)
    return fail(`the callback could not be delivered: ${a.errorDetail ?? a.error}`, 'callbacks.delivery');
  if (a.status === 200) {
    const parsed = parseObject(a.body);
    return typeof parsed === 'string' ? fail(parsed, 'callbacks.rule4') : readPatch(parsed);
  }
  if (a.status === 400) return readRejection(a.body);
  if (a.status !== null && REDIRECT_STATUSES.includes(a.status)) {
    const location = a.headers.location;
    if (!location) return fail(`${a.status} without a Location header`, 'callbacks.rule5', 'Location');
    // The customer's page is sent there: only a web address (a javascript: one would run in the page).
    return isWebUrl(location)
      ? { outcome: 'redirected', url: location }
      : fail(`Location '${location}' is not an absolute http(s) URL`, 'callbacks.rule5', 'Location');
  }
  return fail(
    `answered ${a.status}: only 200, 400 with an error_type, or 301/302/303/307 with Location are valid`,
    'errors.status',
  );
}

export type ValidationVerdict =
  | { outcome: 'completed'; note: string | null }
  | {
      outcome: 'denied';
      errorType: string | null;
      errorText: string | null;
      redirectUrl: string | null;
      reason: string;
    };

/** Interprets a validation answer by the spec's table (a missing answer fails open unless required). */
export function interpretValidationAnswer(
  a: RawAnswer,
  requireSuccess: boolean,
  timeoutMs: number,
): ValidationVerdict {
  const noAnswer = (why: string): ValidationVerdict =>
    requireSuccess
      ? {
          outcome: 'denied',
          errorType: null,
          errorText: null,
          redirectUrl: null,
          reason: `${why}, and options.require_validate_callback_success is true: the purchase is denied`,
        }
      : { outcome: 'completed', note: `${why}: the purchase is allowed (validation fails open)` };
  if (a.error === 'timeout') return noAnswer(noAnswerWithin(timeoutMs));
  if (a.error) return noAnswer(`the callback could not be delivered (${a.errorDetail ?? a.error})`);
  if (a.status === 200) return { outcome: 'completed', note: null };
  if (a.status !== null && REDIRECT_STATUSES.includes(a.status) && a.headers.location) {
    // Denied either way; the customer is sent only to a web address (a javascript: one would run).
    if (!isWebUrl(a.headers.location))
      return {
        outcome: 'denied',
        errorType: null,
        errorText: null,
        redirectUrl: null,
        reason: `answered ${a.status} with Location '${a.headers.location}', not an absolute http(s) URL: the purchase is denied and the customer stays in the checkout`,
      };
    return {
      outcome: 'denied',
      errorType: null,
      errorText: null,
      redirectUrl: a.headers.location,
      reason: `answered ${a.status}: the customer is sent to ${a.headers.location}`,
    };
  }
  if (a.status === 400) {
    const parsed = parseObject(a.body);
    const type = typeof parsed === 'object' ? parsed.error_type : undefined;
    const text =
      typeof parsed === 'object' && typeof parsed.error_text === 'string' ? parsed.error_text : null;
    if (typeof type === 'string' && TEXT_REQUIRED.includes(type) && text) {
      return {
        outcome: 'denied',
        errorType: type,
        errorText: text,
        redirectUrl: null,
        reason: `answered 400 ${type}: the customer stays in the checkout and sees: ${text}`,
      };
    }
    return {
      outcome: 'completed',
      note: `answered 400 with error_type ${JSON.stringify(type ?? null)}${text ? '' : ' and no error_text'}: logged and ignored, the purchase completes`,
    };
  }
  return noAnswer(`answered ${a.status}, which is not a valid validation answer`);
}
