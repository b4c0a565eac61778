import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../schemas/shipping-assistant.schema';
import type { RawAnswer } from './callback-answers';
import type { ConformanceRecord, ConformanceStep, RecordedCall } from './shipping-conformance-record';
import { CONFORMANCE_RULES, evaluateRun } from './shipping-conformance-rules';

/*
 * The conformance run's scorecard from recorded answers: a conforming integrator passes every rule, and
 * each way of breaking the spec fails the rule that names it, with a message saying what to do instead.
 */

const JSON_TYPE = { 'content-type': 'application/json' };
let seq = 0;
const call = (
  status: number | null,
  body: unknown,
  headers: Record<string, string> = JSON_TYPE,
): RecordedCall => {
  const answer: RawAnswer = {
    status,
    headers,
    body: body === null ? null : typeof body === 'string' ? body : JSON.stringify(body),
  };
  return { answer, exchangeId: `ex-${++seq}` };
};
const noAnswer = (error: 'timeout' | 'unreachable', errorDetail?: string): RecordedCall => ({
  answer: { status: null, headers: {}, body: null, error, ...(errorDetail ? { errorDetail } : {}) },
  exchangeId: `ex-${++seq}`,
});
const option = (over: Record<string, unknown> = {}) => ({
  id: 'dhl-home',
  type: 'delivery-address',
  carrier: 'dhl',
  name: 'Home',
  price: 4900,
  tax_rate: 2500,
  preview: false,
  ...over,
});
const location = (id: string) => ({
  id,
  name: `Point ${id}`,
  price: 0,
  address: { street_address: 'Gatan 1', postal_code: '11122', city: 'Stockholm', country: 'SE' },
  coordinates: { lat: 59.3, lng: 18.1 },
});
const pickup = (id: string, locations: unknown[] | undefined) =>
  option({ id, type: 'pickup-point', ...(locations ? { locations } : {}) });
/** A shipment; `tracking` null leaves tracking_id out. */
const shipment = (id = 'shp-1', tracking: string | null = '') => ({
  shipment_id: id,
  selected_shipping_option: {
    carrier: 'dhl',
    carrier_product: { name: 'Home', identifier: 'H', addon_identifiers: [] },
  },
  shipments: [{ carrier: 'dhl', ...(tracking === null ? {} : { tracking_id: tracking }) }],
});
const BASE = 'http://tms.test/api';
const at = (id: string) => ({ ...JSON_TYPE, location: `${BASE}/shipment/${id}` });

/** What a conforming integrator answers at each step. */
const conforming = (): Record<ConformanceStep, RecordedCall[]> => ({
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
const record = (
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
const withStep = (step: ConformanceStep, calls: RecordedCall[], over: Partial<ConformanceRecord> = {}) =>
  record({ ...conforming(), [step]: calls }, over);
const rule = (results: RuleResult[], id: string): RuleResult => {
  const r = results.find((x) => x.id === id);
  if (!r) throw new Error(`no rule ${id}`);
  return r;
};
const verdict = (r: ConformanceRecord, id: string) => {
  const { status, message } = rule(evaluateRun(r), id);
  return { status, message };
};

describe('the scorecard of a conforming integrator', () => {
  it('passes every rule, each tied to a section of the spec and to the exchanges it read', () => {
    const results = evaluateRun(record());
    expect(results.map((r) => r.id)).toEqual(CONFORMANCE_RULES.map((r) => r.id));
    for (const r of results) {
      expect(r.status, `${r.id}: ${r.message}`).toBe('pass');
      expect(r.spec_ref, r.id).toMatch(/^shipping-integrator-api\.md § /);
      expect(r.title.length, r.id).toBeGreaterThan(10);
      expect(r.exchange_ids.length, r.id).toBeGreaterThan(0);
    }
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
  });

  it('says what passed, in numbers', () => {
    const results = evaluateRun(record());
    expect(rule(results, 'auth.wrong-credentials').message).toBe('401, as the spec requires');
    expect(rule(results, 'auth.token').message).toBe('201 with a token');
    expect(rule(results, 'auth.token-reuse').message).toBe('the same token worked for 2 calls');
    expect(rule(results, 'options.full.schema').message).toBe('1 options, every field as the spec says');
    expect(rule(results, 'options.preview.flag').message).toBe('every option has preview: true');
    expect(rule(results, 'options.full.flag').message).toBe('every option has preview: false');
    expect(rule(results, 'options.locations.found').message).toBe(
      '2 locations across 1 pickup options for postal code 11122',
    );
    expect(rule(results, 'shipment.create.status').message).toBe('201');
    expect(rule(results, 'shipment.create.location').message).toBe(`Location: ${BASE}/shipment/shp-1`);
    expect(rule(results, 'shipment.read.body').message).toBe('shipment shp-1 with 1 parcel(s)');
    expect(rule(results, 'json.content-type').message).toBe('every answer said JSON');
  });

  it('titles say the call and what it must answer', () => {
    const titles = Object.fromEntries(CONFORMANCE_RULES.map((r) => [r.id, r.title]));
    expect(titles['options.preview.answer']).toBe(
      'The preview call (recipient holds only country) answers 200 with one JSON object',
    );
    expect(titles['options.full.schema']).toBe("Options of the full-address call match the spec's fields");
    expect(titles['options.preview.flag']).toBe('A preview call gets preview: true options');
    expect(titles['options.full.flag']).toBe('A full address gets valid options (preview: false)');
    expect(titles['shipment.create.status']).toBe('POST /shipment answers 201');
    expect(titles['shipment.update.status']).toBe('PUT /shipment/{shipment_id} answers 200');
    expect(titles['shipment.read.body']).toBe(
      "GET /shipment/{shipment_id} answers the shipment with every shipment's tracking_id",
    );
    expect(titles['shipment.update.body']).toBe(
      'PUT /shipment/{shipment_id} answers the shipment as the spec says',
    );
    expect(titles['shipment.create.location']).toBe(
      'POST /shipment sends Location: {base_url}/shipment/<shipment_id>',
    );
  });
});

describe('skipped rules', () => {
  it('a step that did not run skips its rules with the reason it was blocked, or a plain one', () => {
    const calls = conforming();
    delete (calls as Partial<typeof calls>).create;
    delete (calls as Partial<typeof calls>).update;
    const r = record(calls, { blocked: { create: 'no option to ship' } });
    expect(verdict(r, 'shipment.create.status')).toEqual({
      status: 'skip',
      message: 'skipped: no option to ship',
    });
    expect(verdict(r, 'shipment.update.status')).toEqual({
      status: 'skip',
      message: 'skipped: the step did not run',
    });
    expect(rule(evaluateRun(r), 'shipment.create.status').exchange_ids).toEqual([]);
  });

  it('a step whose token was refused even fresh is skipped; the reuse rule itself still judges it', () => {
    const r = withStep('reuse', [call(200, { shipping_options: [] }), call(401, null)], {
      tokenRefused: { full: true, reuse: true },
    });
    expect(verdict(r, 'options.full.answer')).toEqual({
      status: 'skip',
      message:
        'skipped: the call was refused with 401 even with a fresh token from POST /auth (see auth.token-reuse)',
    });
    expect(verdict(r, 'auth.token-reuse').status).toBe('fail');
  });

  it('a rule reads the last call of its step (the retry after a refused token)', () => {
    const r = withStep('full', [call(401, null), call(200, { shipping_options: [option()] })]);
    expect(verdict(r, 'options.full.answer').status).toBe('pass');
    expect(rule(evaluateRun(r), 'options.full.answer').exchange_ids).toHaveLength(2);
  });
});

describe('authentication rules', () => {
  it('wrong credentials accepted: explains the digest check', () => {
    expect(
      verdict(withStep('wrong_credentials', [call(201, { token: 't' })]), 'auth.wrong-credentials'),
    ).toEqual({
      status: 'fail',
      message:
        "answered 201 to a digest made with a wrong key: compute sha256(nonce + key) with the identifier's key and compare it with secret.digest; refuse with 401 when they differ",
    });
    expect(
      verdict(withStep('wrong_credentials', [call(200, { token: 't' })]), 'auth.wrong-credentials').message,
    ).toMatch(/^answered 200 to a digest made with a wrong key/);
  });

  it('wrong credentials answered otherwise: what came back, and that 401 is wanted', () => {
    expect(
      verdict(
        withStep('wrong_credentials', [call(403, { failure_reason: 'forbidden' })]),
        'auth.wrong-credentials',
      ),
    ).toEqual({
      status: 'fail',
      message: "answered 403 with failure_reason 'forbidden'; wrong credentials must get 401",
    });
    expect(
      verdict(withStep('wrong_credentials', [noAnswer('timeout')]), 'auth.wrong-credentials').message,
    ).toBe('gave no answer within 1000 ms; wrong credentials must get 401');
    expect(
      verdict(
        withStep('wrong_credentials', [noAnswer('unreachable', 'ECONNREFUSED')]),
        'auth.wrong-credentials',
      ).message,
    ).toBe('could not be reached (ECONNREFUSED); wrong credentials must get 401');
    expect(
      verdict(withStep('wrong_credentials', [noAnswer('unreachable')]), 'auth.wrong-credentials').message,
    ).toBe('could not be reached (unreachable); wrong credentials must get 401');
  });

  it('good credentials: a 200 is flagged, a 401 explains the digest, a missing token is named', () => {
    expect(verdict(withStep('auth', [call(200, { token: 't' })]), 'auth.token')).toEqual({
      status: 'fail',
      message: 'POST /auth answered 200; a new token is answered with 201 Created (GAPS.md)',
    });
    expect(verdict(withStep('auth', [call(401, null)]), 'auth.token').message).toBe(
      'answered 401 to the right identifier and digest: the digest is hex SHA-256 of the nonce followed by the key (nonce first), compared case-insensitively',
    );
    expect(verdict(withStep('auth', [call(201, {})]), 'auth.token').message).toMatch(/^token is required/);
    expect(verdict(withStep('auth', [call(200, {})]), 'auth.token').message).toMatch(
      /^\(1\) POST \/auth answered 200; .*; \(2\) token is required/,
    );
  });

  it('good credentials without an answer or with a 5xx: what came back', () => {
    expect(verdict(withStep('auth', [call(503, { failure_reason: 'down' })]), 'auth.token').message).toBe(
      `answered 503 with failure_reason 'down'; good credentials get 201 {"token": "…"}`,
    );
    expect(verdict(withStep('auth', [noAnswer('timeout')]), 'auth.token').message).toBe(
      'gave no answer within 1000 ms; good credentials get 201 {"token": "…"}',
    );
  });

  it('token reuse: a 401 with a fresh token fails, naming the call; a broken call skips', () => {
    expect(
      verdict(withStep('reuse', [call(200, { shipping_options: [] }), call(401, null)]), 'auth.token-reuse'),
    ).toEqual({
      status: 'fail',
      message:
        'call 2 with a token fresh from POST /auth got 401; a token must stay valid for further calls (recommended lifetime about 1 hour) — the shipping assistant caches it until a 401, so a token that works once costs a POST /auth per call',
    });
    expect(verdict(withStep('reuse', [call(401, null)]), 'auth.token-reuse').message).toMatch(/^call 1 with/);
    expect(
      verdict(withStep('reuse', [call(200, { shipping_options: [] }), call(502, null)]), 'auth.token-reuse'),
    ).toEqual({
      status: 'skip',
      message: 'skipped: the calls with the token answered 502, so reuse could not be judged',
    });
    expect(verdict(withStep('reuse', [noAnswer('timeout')]), 'auth.token-reuse').status).toBe('skip');
    expect(verdict(withStep('reuse', [call(499, null)]), 'auth.token-reuse').status).toBe('pass');
  });

  it('a made-up bearer token accepted fails', () => {
    expect(
      verdict(withStep('wrong_token', [call(200, { shipping_options: [] })]), 'auth.wrong-token'),
    ).toEqual({
      status: 'fail',
      message:
        'answered 200 to POST /shippingoptions with a made-up bearer token; any call but POST /auth with an old or wrong token must get 401',
    });
  });
});

describe('POST /shippingoptions rules', () => {
  it('a 415 names the vendor media type; another status names the fallback', () => {
    expect(verdict(withStep('preview', [call(415, null)]), 'options.preview.answer')).toEqual({
      status: 'fail',
      message:
        "answered 415: accept Content-Type application/vdn.service.shipping.get_options-v1+json, the spec's vendor media type for this call",
    });
    expect(verdict(withStep('full', [call(500, null)]), 'options.full.answer').message).toBe(
      'answered 500; POST /shippingoptions answers 200 with {"shipping_options": […]} (any other status sends the checkout to its fallback options)',
    );
  });

  it('a body that is not one JSON object fails the answer rule and skips the others', () => {
    const r = withStep('full', [call(200, '[1]')]);
    expect(verdict(r, 'options.full.answer')).toEqual({
      status: 'fail',
      message:
        'the body is JSON but not one object (it is an array); the answer must be one JSON object {"shipping_options": […]}',
    });
    expect(verdict(r, 'options.full.schema')).toEqual({
      status: 'skip',
      message: 'skipped: the answer is not usable (see the options.full.answer rule)',
    });
    expect(verdict(r, 'options.full.flag')).toEqual({
      status: 'skip',
      message: 'skipped: the options could not be read (see the answer and schema rules)',
    });
    expect(verdict(r, 'options.full.available').status).toBe('skip');
    expect(verdict(withStep('locations', [call(500, null)]), 'options.locations.found').status).toBe('skip');
  });

  it('schema problems are listed once per kind, numbered', () => {
    const r = withStep('full', [
      call(200, {
        shipping_options: [option({ price: 'free' }), option({ id: 'b', price: 'x', tax_rate: 'y' })],
      }),
    ]);
    const v = verdict(r, 'options.full.schema');
    expect(v.status).toBe('fail');
    expect(v.message).toMatch(/^\(1\) shipping_options\[\*\]\.price .* on 2 options \('dhl-home', 'b'\)/);
    expect(v.message).toMatch(/; \(2\) option 'b' \(shipping_options\[\*\]\.tax_rate\)/);
    expect(verdict(r, 'options.full.answer').status).toBe('pass');
    expect(verdict(r, 'options.full.flag').status).toBe('skip');
  });

  it('the preview flag: wrong on a preview call or on a full call', () => {
    expect(
      verdict(withStep('preview', [call(200, { shipping_options: [option()] })]), 'options.preview.flag'),
    ).toEqual({
      status: 'fail',
      message:
        "option 'dhl-home' has preview: false in an answer to a preview request (country only); while the address is unknown the integrator must return preview options (preview: true)",
    });
    const two = verdict(
      withStep('full', [
        call(200, { shipping_options: [option({ preview: true }), option({ id: 'b', preview: true })] }),
      ]),
      'options.full.flag',
    );
    expect(two.message).toMatch(
      /^\(1\) option 'dhl-home' has preview: true .*; \(2\) option 'b' has preview: true/,
    );
  });

  it('an empty list for an ordinary address fails: the customer cannot buy', () => {
    expect(
      verdict(withStep('full', [call(200, { shipping_options: [] })]), 'options.full.available'),
    ).toEqual({
      status: 'fail',
      message:
        'answered an empty shipping_options list for an ordinary Stockholm (SE) address and a 2.4 kg parcel: the checkout shows "no shipping options" and the customer cannot buy. Offer at least one option, unless SE is outside your service area',
    });
  });

  it('a location search: pickup options must come with locations; none to look for is a skip', () => {
    expect(
      verdict(
        withStep('locations', [call(200, { shipping_options: [pickup('p1', []), pickup('p2', [])] })]),
        'options.locations.found',
      ),
    ).toEqual({
      status: 'fail',
      message:
        "the pickup options ('p1', 'p2') came back without locations for postal code 11122; the checkout takes nothing but the locations from this answer",
    });
    expect(
      verdict(
        withStep('locations', [call(200, { shipping_options: [option()] })]),
        'options.locations.found',
      ),
    ).toEqual({
      status: 'skip',
      message: 'skipped: the answer has no pickup options, so there are no locations to look for',
    });
    const box = option({ id: 'box', type: 'pickup-box', locations: [location('x')] });
    const store = option({ id: 'store', type: 'pickup-merchant-store', locations: [location('y')] });
    expect(
      verdict(
        withStep('locations', [call(200, { shipping_options: [box, store] })]),
        'options.locations.found',
      ).message,
    ).toBe('2 locations across 2 pickup options for postal code 11122');
  });
});

describe('/shipment rules', () => {
  it('a status other than the one named fails: a 415 names the media type, another 2xx the status', () => {
    expect(verdict(withStep('create', [call(415, null)]), 'shipment.create.status')).toEqual({
      status: 'fail',
      message:
        'answered 415: accept Content-Type application/vdn.service.shipping.select_option-v1+json, the vendor media type for /shipment',
    });
    expect(
      verdict(withStep('create', [call(200, shipment(), at('shp-1'))]), 'shipment.create.status'),
    ).toEqual({
      status: 'fail',
      message: 'answered 200; POST /shipment answers 201 on success',
    });
    expect(
      verdict(withStep('update', [call(204, null, at('shp-1'))]), 'shipment.update.status').message,
    ).toBe('answered 204; PUT /shipment/{shipment_id} answers 200 on success');
  });

  it('an error names the option it was for and that the checkout restarts the selection (read aside)', () => {
    expect(
      verdict(withStep('create', [call(400, { failure_reason: 'no_slot' })]), 'shipment.create.status')
        .message,
    ).toBe(
      "answered 400 with failure_reason 'no_slot' for option 'dhl-home' from the full-address answer; POST /shipment answers 201 (an error restarts the shipping selection in the checkout)",
    );
    expect(
      verdict(withStep('create', [call(500, null)], { optionId: null }), 'shipment.create.status').message,
    ).toBe(
      'answered 500; POST /shipment answers 201 (an error restarts the shipping selection in the checkout)',
    );
    expect(verdict(withStep('read', [call(404, null)]), 'shipment.read.status').message).toBe(
      "answered 404 for option 'dhl-home' from the full-address answer; GET /shipment/{shipment_id} answers 200",
    );
    expect(verdict(withStep('read', [call(302, null)]), 'shipment.read.status').status).toBe('fail');
    expect(verdict(withStep('read', [call(300, null)]), 'shipment.read.body').status).toBe('skip');
  });

  it('Location: missing fails, elsewhere fails, relative to the base URL passes', () => {
    expect(verdict(withStep('create', [call(201, shipment())]), 'shipment.create.location')).toEqual({
      status: 'fail',
      message:
        'POST /shipment answered 201 without a Location header; the checkout takes the shipment id and Location together as confirmation, so without it the purchase cannot go on',
    });
    expect(
      verdict(
        withStep('update', [call(200, shipment(), { ...JSON_TYPE, location: 'http://tms.test/other/1' })]),
        'shipment.update.location',
      ),
    ).toEqual({
      status: 'fail',
      message:
        "Location is 'http://tms.test/other/1'; it should be 'http://tms.test/api/shipment/shp-1' ({base_url}/shipment/<shipment_id>)",
    });
    expect(
      verdict(
        withStep('create', [call(201, shipment(), { ...JSON_TYPE, location: 'shipment/shp-1' })]),
        'shipment.create.location',
      ).status,
    ).toBe('pass');
    expect(verdict(withStep('create', [call(500, null)]), 'shipment.create.location')).toEqual({
      status: 'skip',
      message: 'skipped: POST /shipment did not succeed (see shipment.create.status)',
    });
  });

  it('Location cannot be checked against an id the body does not hold: passes on the header alone', () => {
    expect(
      verdict(
        withStep('create', [call(201, { nothing: true }, { ...JSON_TYPE, location: '/x' })]),
        'shipment.create.location',
      ).status,
    ).toBe('pass');
  });

  it('the body: schema problems, another id than the call was about, a read without tracking_id', () => {
    expect(verdict(withStep('create', [call(201, 'oops', at('shp-1'))]), 'shipment.create.body')).toEqual({
      status: 'fail',
      message: expect.stringMatching(/^the body is not JSON \(.*\); answer the shipment as one JSON object$/),
    });
    expect(
      verdict(withStep('create', [call(201, { shipment_id: 'shp-1' }, at('shp-1'))]), 'shipment.create.body')
        .message,
    ).toMatch(/^\(1\) selected_shipping_option /);
    expect(
      verdict(withStep('update', [call(200, shipment('shp-9'), at('shp-9'))]), 'shipment.update.body'),
    ).toEqual({
      status: 'fail',
      message: "shipment_id is 'shp-9' but the call was about 'shp-1'; the id stays the same",
    });
    // The create step makes the id: nothing to compare it with.
    expect(
      verdict(withStep('create', [call(201, shipment('shp-9'), at('shp-9'))]), 'shipment.create.body').status,
    ).toBe('pass');
    expect(
      verdict(
        withStep('update', [call(200, shipment('shp-9'), at('shp-9'))], { shipmentId: null }),
        'shipment.update.body',
      ).status,
    ).toBe('pass');
    expect(verdict(withStep('read', [call(200, shipment('shp-1', null))]), 'shipment.read.body')).toEqual({
      status: 'fail',
      message:
        'shipments[0] has no tracking_id; list every shipment with its tracking_id (empty while not known yet)',
    });
    // An update may leave tracking_id out; only the read must list it.
    expect(
      verdict(withStep('update', [call(200, shipment('shp-1', null), at('shp-1'))]), 'shipment.update.body')
        .status,
    ).toBe('pass');
  });

  it('every 2xx answer with a body must say JSON; errors and empty bodies are not judged on it', () => {
    const r = record({
      ...conforming(),
      full: [call(200, { shipping_options: [option()] }, { 'content-type': 'text/plain' })],
      read: [call(200, shipment('shp-1', 'T1'), {})],
      preview: [call(500, 'down', { 'content-type': 'text/html' })],
      update: [call(200, '', { location: `${BASE}/shipment/shp-1` })],
      create: [
        call(201, shipment(), {
          'content-type': 'application/problem+json',
          location: `${BASE}/shipment/shp-1`,
        }),
      ],
    });
    expect(verdict(r, 'json.content-type')).toEqual({
      status: 'fail',
      message:
        'answers without a JSON Content-Type: full (text/plain), read (no Content-Type); send application/json',
    });
  });
});
