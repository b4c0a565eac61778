import { describe, expect, it } from 'vitest';
import type { RawAnswer } from './callback-answers';
import { judgeAuthAnswer, judgeOptionsAnswer, optionsOutcome } from './shipping-conformance';
import { judgeShipmentAnswer, shipmentOutcome, trackingComplete } from './shipping-conformance-shipment';

const JSON_TYPE = { 'content-type': 'application/json' };
const ans = (
  status: number | null,
  body: unknown,
  headers: Record<string, string> = JSON_TYPE,
): RawAnswer => ({
  status,
  headers,
  body: body === null ? null : typeof body === 'string' ? body : JSON.stringify(body),
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
const shipment = (id = 'shp-1') => ({
  shipment_id: id,
  selected_shipping_option: {
    carrier: 'dhl',
    carrier_product: { name: 'Home', identifier: 'H', addon_identifiers: [] },
  },
  shipments: [{ carrier: 'dhl', tracking_id: '' }],
});

describe('POST /auth answers', () => {
  it('takes 201 {token}; flags a 200; refuses a missing token, 401 and unlisted statuses', () => {
    expect(judgeAuthAnswer(ans(201, { token: 't' }), 1000)).toEqual({ ok: true, token: 't', violations: [] });
    const ok200 = judgeAuthAnswer(ans(200, { token: 't' }), 1000);
    expect(ok200.ok && ok200.violations[0]!.message).toBe(
      'POST /auth answered 200; a new token is answered with 201 Created (GAPS.md)',
    );
    expect(judgeAuthAnswer(ans(201, {}), 1000)).toMatchObject({
      ok: false,
      cause: 'invalid_response',
      violations: [
        {
          path: 'token',
          message:
            'token is required: token is the bearer token (GAPS.md: POST /auth answers 201 {"token": "…"})',
        },
      ],
    });
    expect(judgeAuthAnswer(ans(401, null, {}), 1000)).toMatchObject({ ok: false, cause: 'unauthorized' });
    expect(judgeAuthAnswer(ans(403, { failure_reason: 'nope' }), 1000)).toMatchObject({
      ok: false,
      cause: 'unlisted_status',
      violations: [
        {
          rule: 'GAPS#shipping-integrator-api',
          message: expect.stringMatching(/403 with failure_reason 'nope'/),
        },
      ],
    });
  });
});

describe('POST /shippingoptions answers', () => {
  it('a preview call wants preview: true, a full call preview: false; a location search is not judged on it', () => {
    const preview = judgeOptionsAnswer(ans(200, { shipping_options: [option()] }), 'preview', 1000);
    expect(preview).toMatchObject({
      ok: false,
      cause: 'invalid_response',
      violations: [
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: 'shipping_options[0].preview',
          message:
            "option 'dhl-home' has preview: false in an answer to a preview request (country only); while the address is unknown the integrator must return preview options (preview: true)",
        },
      ],
    });
    expect(
      judgeOptionsAnswer(ans(200, { shipping_options: [option({ preview: true })] }), 'location_search', 1000)
        .ok,
    ).toBe(true);
  });

  it('names the option and the section of each schema problem', () => {
    const j = judgeOptionsAnswer(
      ans(200, {
        shipping_options: [
          option({
            type: 'pickup-point',
            locations: [{ id: 'x' }],
            delivery_time: { interval: { earliest: 3, latest: 1 } },
          }),
        ],
      }),
      'full',
      1000,
    );
    expect(j.ok).toBe(false);
    const rules = j.violations.map((v) => [v.rule, v.path]);
    expect(rules).toEqual(
      expect.arrayContaining([
        ['shipping-integrator-api#location', 'shipping_options[0].locations[0].name'],
        ['shipping-integrator-api#delivery-time', 'shipping_options[0].delivery_time'],
      ]),
    );
    expect(j.violations.every((v) => v.message.startsWith("option 'dhl-home' (shipping_options[0]."))).toBe(
      true,
    );
  });

  it('an empty list is usable: the "no options" state', () => {
    const j = judgeOptionsAnswer(ans(200, { shipping_options: [] }), 'full', 1000);
    expect([j.ok, optionsOutcome(j)]).toEqual([true, 'no_options']);
  });

  it('401 asks for a retry; no answer is a time-out or unreachable', () => {
    expect(judgeOptionsAnswer(ans(401, null), 'full', 1000)).toMatchObject({ ok: false, retry: true });
    expect(
      judgeOptionsAnswer({ status: null, headers: {}, body: null, error: 'timeout' }, 'full', 1234),
    ).toMatchObject({
      cause: 'timeout',
      reason: 'POST /shippingoptions: the integrator did not answer within 1234 ms',
    });
    expect(
      judgeOptionsAnswer(
        { status: null, headers: {}, body: null, error: 'unreachable', errorDetail: 'ECONNREFUSED' },
        'full',
        1,
      ),
    ).toMatchObject({ cause: 'unreachable' });
  });
});

describe('/shipment answers', () => {
  const ctx = { baseUrl: 'http://tms.test/api', timeoutMs: 1000 };

  it('POST: 201 with Location confirms; a Location elsewhere is flagged, a missing one refused', () => {
    const ok = judgeShipmentAnswer(
      ans(201, shipment(), { ...JSON_TYPE, location: 'http://tms.test/api/shipment/shp-1' }),
      'create',
      ctx,
    );
    expect(ok).toMatchObject({ ok: true, violations: [] });
    const relative = judgeShipmentAnswer(
      ans(201, shipment(), { ...JSON_TYPE, location: 'shipment/shp-1' }),
      'create',
      ctx,
    );
    expect(relative.violations).toEqual([]);
    const elsewhere = judgeShipmentAnswer(
      ans(201, shipment(), { ...JSON_TYPE, location: 'http://tms.test/shipments/1' }),
      'create',
      ctx,
    );
    expect(elsewhere).toMatchObject({
      ok: true,
      violations: [
        {
          path: 'headers.location',
          message:
            "Location is 'http://tms.test/shipments/1'; it should be 'http://tms.test/api/shipment/shp-1' ({base_url}/shipment/<shipment_id>)",
        },
      ],
    });
    expect(judgeShipmentAnswer(ans(201, shipment()), 'create', ctx)).toMatchObject({
      ok: false,
      retry: false,
    });
  });

  it('PUT: 200 with the same id; a 201 and another id are flagged', () => {
    const j = judgeShipmentAnswer(
      ans(201, shipment('shp-2'), { ...JSON_TYPE, location: 'http://tms.test/api/shipment/shp-2' }),
      'update',
      { ...ctx, shipmentId: 'shp-1' },
    );
    expect(j.violations.map((v) => v.path)).toEqual(['(status)', 'shipment_id']);
    expect(shipmentOutcome(j, 'update')).toBe('updated');
  });

  it('errors: the failure_reason is the reason; without one it is flagged; 404 is "not found"', () => {
    expect(
      judgeShipmentAnswer(ans(400, { failure_reason: 'shipping_option_not_available' }), 'create', ctx),
    ).toMatchObject({ ok: false, reason: 'shipping_option_not_available', violations: [] });
    const bare = judgeShipmentAnswer(ans(409, 'conflict', {}), 'update', ctx);
    expect(bare).toMatchObject({
      ok: false,
      reason: 'PUT /shipment/{shipment_id} answered 409',
      violations: [{ rule: 'GAPS#shipping-integrator-api', path: '(body)' }],
    });
    expect(judgeShipmentAnswer(ans(404, { failure_reason: 'gone' }), 'read', ctx)).toMatchObject({
      ok: false,
      notFound: true,
    });
  });

  it('tracking is complete when every shipment has a tracking_id', () => {
    expect(trackingComplete(shipment())).toBe(false);
    expect(trackingComplete({ ...shipment(), shipments: [{ carrier: 'dhl', tracking_id: 'T1' }] })).toBe(
      true,
    );
    expect(trackingComplete({ ...shipment(), shipments: [] })).toBe(false);
  });
});
