import { describe, expect, it } from 'vitest';
import {
  BASE,
  call,
  conforming,
  location,
  noAnswer,
  option,
  pickup,
  record,
  rule,
  verdict,
  withStep,
} from '../test-kit/conformance-records';
import { CONFORMANCE_RULES, evaluateRun } from './shipping-conformance-rules';

/*
 * The conformance run's scorecard from recorded answers: a conforming integrator passes every rule, and
 * each way of breaking the spec fails the rule that names it, with a message saying what to do instead.
 * The /shipment rules are in shipping-conformance-rules-shipment.test.ts.
 */

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

  it('an answer that is not 200 is not read for options, whatever its body', () => {
    const r = withStep('full', [call(500, { shipping_options: [option({ preview: true })] })]);
    expect(verdict(r, 'options.full.flag').status).toBe('skip');
    expect(verdict(r, 'options.full.available')).toEqual({
      status: 'skip',
      message: 'skipped: the options could not be read (see the answer and schema rules)',
    });
    expect(verdict(withStep('locations', [call(404, null)]), 'options.locations.found')).toEqual({
      status: 'skip',
      message: 'skipped: the options could not be read (see the answer and schema rules)',
    });
  });

  it('says what passed: the answer, the options offered, the made-up token refused', () => {
    const results = evaluateRun(record());
    expect(rule(results, 'options.full.answer').message).toBe('200 with one JSON object');
    expect(rule(results, 'options.full.available').message).toBe('1 options');
    expect(rule(results, 'auth.wrong-token').message).toBe('401, as the spec requires');
    expect(verdict(withStep('reuse', [call(500, null)]), 'auth.token-reuse').status).toBe('skip');
  });
});
