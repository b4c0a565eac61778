import type { z } from 'zod';
import type { Violation } from '../schemas/exchange.schema';
import type { FallbackCause } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from './callback-answers';
import { schemaProblems } from './schema-problems';

/*
 * Pieces shared by the checks of integrator answers (shipping-conformance*.ts): the spec sections a rule
 * comes from, reading an answer as one JSON object, and turning schema problems into violations a
 * developer can act on. Pure: the shipping assistant and the conformance run both use them.
 */

/** Rule ids: the spec document and the section (as a heading anchor) each check comes from. */
export const SPEC = {
  authEndpoint: 'shipping-integrator-api#post-auth',
  authentication: 'shipping-integrator-api#authentication',
  options: 'shipping-integrator-api#post-shippingoptions',
  option: 'shipping-integrator-api#shipping-option',
  location: 'shipping-integrator-api#location',
  addon: 'shipping-integrator-api#add-on',
  deliveryTime: 'shipping-integrator-api#delivery-time',
  createShipment: 'shipping-integrator-api#post-shipment',
  updateShipment: 'shipping-integrator-api#put-shipmentshipment_id',
  readShipment: 'shipping-integrator-api#get-shipmentshipment_id',
  shipmentBody: 'shipping-integrator-api#shipment-response-body',
  errors: 'shipping-integrator-api#errors',
  resources: 'shipping-integrator-api#resources-and-their-fields',
  gaps: 'GAPS#shipping-integrator-api',
} as const;

/** Why an answer cannot be used, with the fallback cause it maps to (spec § Errors). */
export interface Unusable {
  cause: FallbackCause;
  reason: string;
}

/** timeout and unreachable: no answer at all. */
export function transportProblem(a: RawAnswer, timeoutMs: number, what: string): Unusable | null {
  if (a.error === 'timeout')
    return { cause: 'timeout', reason: `${what}: the integrator did not answer within ${timeoutMs} ms` };
  if (a.error)
    return {
      cause: 'unreachable',
      reason: `${what}: the integrator could not be reached (${a.errorDetail ?? a.error})`,
    };
  return null;
}

/** The JSON object of a body, or why it is not one (spec § Errors: "content that is not a single JSON object"). */
export function parseObject(body: string | null): { value: Record<string, unknown> } | { problem: string } {
  if (body === null || body.trim() === '') return { problem: 'the body is empty' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    return { problem: `the body is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      problem: `the body is JSON but not one object (it is ${Array.isArray(value) ? 'an array' : typeof value})`,
    };
  return { value: value as Record<string, unknown> };
}

/** Spec § Resources: "All payloads are JSON" — a flag, not a refusal, when the body parses anyway. */
export function contentTypeViolation(a: RawAnswer, rule: string): Violation | null {
  const type = a.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type && (type === 'application/json' || type.endsWith('+json'))) return null;
  return {
    rule,
    path: 'headers.content-type',
    message: `the answer's Content-Type is ${type ? `'${type}'` : 'missing'}; all payloads of this API are JSON, so send application/json`,
  };
}

/** The failure_reason of an error answer (GAPS.md error body), if it has one. */
export function failureReasonOf(body: string | null): string | null {
  const parsed = parseObject(body);
  if ('problem' in parsed) return null;
  const r = parsed.value.failure_reason;
  return typeof r === 'string' && r !== '' ? r : null;
}

/** What a field means, said where it is missing or wrong, so the fix is obvious. */
const FIELD_HINTS: Record<string, string> = {
  price: 'the price including VAT, an integer in minor units',
  tax_rate: 'the VAT rate, an integer with two implicit decimals (2500 = 25 %)',
  preview: 'true on preview options, false on valid options',
  type: "one of the spec's shipping types (delivery-address, pickup-point, pickup-box, …)",
  locations: 'pickup types (pickup-box, pickup-point, pickup-merchant-store) must carry their locations',
  shipment_id: 'the id of the pre-reserved shipment',
  shipments: 'every shipment of the purchase with its carrier and tracking_id',
  carrier_product: 'an object with name, identifier and addon_identifiers',
  token: 'the bearer token (GAPS.md: POST /auth answers 201 {"token": "…"})',
};

/** Rule of a problem inside an option: locations, add-ons and delivery times have their own sections. */
function ruleOfOptionPath(path: string, fallback: string): string {
  if (/\.locations\b/.test(path)) return SPEC.location;
  if (/\.addons\b/.test(path)) return SPEC.addon;
  if (/\.delivery_time\b/.test(path)) return SPEC.deliveryTime;
  return /^shipping_options\[\d+\]/.test(path) ? SPEC.option : fallback;
}

/** Names the option a path points into by its id, when the answer has one: "option 'dhl-home'". */
function optionLabel(value: unknown, path: string): string | null {
  const m = /^shipping_options\[(\d+)\]/.exec(path);
  if (!m) return null;
  const list = (value as { shipping_options?: unknown[] } | null)?.shipping_options;
  const id = (list?.[Number(m[1])] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? `option '${id}'` : `option #${Number(m[1]) + 1}`;
}

const hintOf = (path: string): string => {
  const field = /([a-z_]+)(\[\d+\])?$/.exec(path)?.[1] ?? '';
  const hint = FIELD_HINTS[field];
  return hint ? `: ${field} is ${hint}` : '';
};

/** One violation per schema problem, each naming the field, what is wrong and what the field should be. */
export function schemaViolations(error: z.ZodError, value: unknown, rule: string): Violation[] {
  return schemaProblems(error).map((p) => {
    const who = optionLabel(value, p.path);
    const head = who ? `${who} (${p.path})` : p.path;
    return {
      rule: ruleOfOptionPath(p.path, rule),
      path: p.path,
      message: `${head} ${p.message}${hintOf(p.path)}`,
    };
  });
}

/**
 * The same problems said once per kind (a scorecard line): "price is required on 5 options ('a', 'b', 'c',
 * …) (shipping_options[*].price): …" instead of one sentence per option.
 */
export function groupedSchemaMessages(error: z.ZodError, value: unknown): string[] {
  const groups = new Map<string, { path: string; message: string; who: string[] }>();
  for (const p of schemaProblems(error)) {
    const path = p.path.replace(/^shipping_options\[\d+\]/, 'shipping_options[*]');
    const g = groups.get(`${path}|${p.message}`) ?? { path, message: p.message, who: [] };
    g.who.push(optionLabel(value, p.path) ?? p.path);
    groups.set(`${path}|${p.message}`, g);
  }
  return [...groups.values()].map((g) => {
    if (g.who.length === 1 || g.path === g.who[0])
      return `${g.who[0] === g.path ? g.path : `${g.who[0]} (${g.path})`} ${g.message}${hintOf(g.path)}`;
    const names = g.who.map((w) => w.replace(/^option /, ''));
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
    return `${g.path} ${g.message} on ${names.length} options (${shown})${hintOf(g.path)}`;
  });
}

/** The status line of an answer, for messages: "503", or "no answer (timeout)". */
export function statusText(a: RawAnswer): string {
  return a.status === null ? `no answer (${a.error ?? 'none'})` : String(a.status);
}
