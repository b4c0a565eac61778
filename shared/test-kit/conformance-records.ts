import type { RuleResult } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from '../rules/callback-answers';
import type { ConformanceRecord, ConformanceStep, RecordedCall } from '../rules/shipping-conformance-record';
import { evaluateRun } from '../rules/shipping-conformance-rules';

/*
 * Recorded conformance runs for the unit tests of the scorecard's rules (shared/rules/shipping-conformance-
 * rules*.test.ts): what a conforming integrator answers at each step, and one step's answers replaced.
 */

export const JSON_TYPE = { 'content-type': 'application/json' };
let seq = 0;
/** An integrator's answer as received: a string body as it is, anything else as its JSON. */
export const rawAnswer = (
  status: number | null,
  body: unknown,
  headers: Record<string, string> = JSON_TYPE,
): RawAnswer => ({
  status,
  headers,
  body: body === null ? null : typeof body === 'string' ? body : JSON.stringify(body),
});
export const call = (
  status: number | null,
  body: unknown,
  headers: Record<string, string> = JSON_TYPE,
): RecordedCall => ({ answer: rawAnswer(status, body, headers), exchangeId: `ex-${++seq}` });
export const noAnswer = (error: 'timeout' | 'unreachable', errorDetail?: string): RecordedCall => ({
  answer: { status: null, headers: {}, body: null, error, ...(errorDetail ? { errorDetail } : {}) },
  exchangeId: `ex-${++seq}`,
});
export const option = (over: Record<string, unknown> = {}) => ({
  id: 'dhl-home',
  type: 'delivery-address',
  carrier: 'dhl',
  name: 'Home',
  price: 4900,
  tax_rate: 2500,
  preview: false,
  ...over,
});
export const location = (id: string) => ({
  id,
  name: `Point ${id}`,
  price: 0,
  address: { street_address: 'Gatan 1', postal_code: '11122', city: 'Stockholm', country: 'SE' },
  coordinates: { lat: 59.3, lng: 18.1 },
});
export const pickup = (id: string, locations: unknown[] | undefined) =>
  option({ id, type: 'pickup-point', ...(locations ? { locations } : {}) });
/** A shipment; `tracking` null leaves tracking_id out. */
export const shipment = (id = 'shp-1', tracking: string | null = '') => ({
  shipment_id: id,
  selected_shipping_option: {
    carrier: 'dhl',
    carrier_product: { name: 'Home', identifier: 'H', addon_identifiers: [] },
  },
  shipments: [{ carrier: 'dhl', ...(tracking === null ? {} : { tracking_id: tracking }) }],
});
export const BASE = 'http://tms.test/api';
export const at = (id: string) => ({ ...JSON_TYPE, location: `${BASE}/shipment/${id}` });

/** What a conforming integrator answers at each step. */
export const conforming = (): Record<ConformanceStep, RecordedCall[]> => ({
  wrong_credentials: [call(401, { failure_reason: 'unauthorized' })],
  auth: [call(201, { token: 't' })],
  reuse: [call(200, { shipping_options: [option()] }), call(200, { shipping_options: [option()] })],
  wrong_token: [call(401, { failure_reason: 'unauthorized' })],
  preview: [call(200, { shipping_options: [option({ preview: true })] })],
  full: [call(200, { shipping_options: [option()] })],
  locations: [call(200, { shipping_options: [pickup('p1', [location('a'), location('b')]), option()] })],
  create: [call(201, shipment(), at('shp-1'))],
  update: [call(200, shipment(), at('shp-1'))],
  read: [call(200, shipment('shp-1', 'T1'))],
});
export const record = (
  calls: Partial<Record<ConformanceStep, RecordedCall[]>> = conforming(),
  over: Partial<ConformanceRecord> = {},
): ConformanceRecord => ({
  baseUrl: BASE,
  timeoutMs: 1000,
  calls,
  blocked: {},
  tokenRefused: {},
  postalCode: '11122',
  optionId: 'dhl-home',
  shipmentId: 'shp-1',
  ...over,
});
/** The run with one step's calls replaced. */
export const withStep = (
  step: ConformanceStep,
  calls: RecordedCall[],
  over: Partial<ConformanceRecord> = {},
) => record({ ...conforming(), [step]: calls }, over);
export const rule = (results: RuleResult[], id: string): RuleResult => {
  const r = results.find((x) => x.id === id);
  if (!r) throw new Error(`no rule ${id}`);
  return r;
};
export const verdict = (r: ConformanceRecord, id: string) => {
  const { status, message } = rule(evaluateRun(r), id);
  return { status, message };
};
