import { describe, expect, it } from 'vitest';
import { JSON_TYPE, rawAnswer as ans, shipment } from '../test-kit/conformance-records';
import { judgeShipmentAnswer, shipmentOutcome, trackingComplete } from './shipping-conformance-shipment';

/* Checks of the answers to POST /shipment, PUT and GET /shipment/{id}. */

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

describe('/shipment answers: the rest of the statuses', () => {
  const ctx = { baseUrl: 'http://tms.test/api/', timeoutMs: 1000 };

  it('401 asks for a retry; a 5xx needs no failure_reason; no answer names the call', () => {
    const refused = judgeShipmentAnswer(ans(401, null), 'create', ctx);
    expect(refused).toEqual({
      ok: false,
      reason: 'POST /shipment answered 401: the token was refused',
      retry: true,
      notFound: false,
      violations: [],
    });
    expect(shipmentOutcome(refused, 'create')).toBe('token_refused');
    const down = judgeShipmentAnswer(ans(503, 'down', {}), 'read', ctx);
    expect(down).toEqual({
      ok: false,
      reason: 'GET /shipment/{shipment_id} answered 503',
      retry: false,
      notFound: false,
      violations: [],
    });
    expect(shipmentOutcome(down, 'read')).toBe('failed');
    expect(shipmentOutcome(judgeShipmentAnswer(ans(404, null), 'read', ctx), 'read')).toBe('not_found');
    expect(
      judgeShipmentAnswer({ status: null, headers: {}, body: null, error: 'timeout' }, 'update', ctx),
    ).toMatchObject({
      ok: false,
      reason: 'PUT /shipment/{shipment_id}: the integrator did not answer within 1000 ms',
      retry: false,
    });
    expect(judgeShipmentAnswer(ans(499, null), 'create', ctx).violations[0]!.message).toBe(
      'POST /shipment answered 499 without {"failure_reason": "…"}; the shipping assistant shows the failure_reason to the customer',
    );
  });

  it('a read needs no Location, and its outcome says whether tracking is complete', () => {
    const pending = judgeShipmentAnswer(ans(200, shipment()), 'read', { ...ctx, shipmentId: 'shp-1' });
    expect(pending).toMatchObject({ ok: true, location: null, violations: [] });
    expect(shipmentOutcome(pending, 'read')).toBe('tracking_pending');
    const done = judgeShipmentAnswer(
      ans(200, { ...shipment(), shipments: [{ carrier: 'dhl', tracking_id: 'T1' }] }),
      'read',
      ctx,
    );
    expect(shipmentOutcome(done, 'read')).toBe('tracking_complete');
    const created = judgeShipmentAnswer(
      ans(201, shipment(), { ...JSON_TYPE, location: 'http://tms.test/api/shipment/shp-1' }),
      'create',
      ctx,
    );
    expect(shipmentOutcome(created, 'create')).toBe('created');
  });

  it('a status other than the one named is flagged under its rule: the spec for POST, GAPS.md after', () => {
    const j = judgeShipmentAnswer(
      ans(200, shipment(), { ...JSON_TYPE, location: 'http://tms.test/api/shipment/shp-1' }),
      'create',
      ctx,
    );
    expect(j.violations).toEqual([
      {
        rule: 'shipping-integrator-api#post-shipment',
        path: '(status)',
        message: 'POST /shipment answered 200; it answers 201 Created on success',
      },
    ]);
    expect(judgeShipmentAnswer(ans(201, shipment()), 'read', ctx).violations).toEqual([
      {
        rule: 'GAPS#shipping-integrator-api',
        path: '(status)',
        message: 'GET /shipment/{shipment_id} answered 201; it answers 200 on success',
      },
    ]);
  });

  it('a body that is not one object or not the schema fails, naming the paths', () => {
    const notJson = judgeShipmentAnswer(ans(201, '[]', { location: 'x' }), 'create', ctx);
    expect(notJson).toMatchObject({
      ok: false,
      reason: 'POST /shipment: the body is JSON but not one object (it is an array)',
    });
    expect(notJson.violations.map((v) => [v.rule, v.path])).toEqual([
      ['shipping-integrator-api#resources-and-their-fields', 'headers.content-type'],
      ['shipping-integrator-api#shipment-response-body', '(body)'],
    ]);
    expect(judgeShipmentAnswer(ans(200, { shipment_id: '' }), 'read', ctx)).toMatchObject({
      ok: false,
      reason:
        'GET /shipment/{shipment_id}: the answer does not match the spec (shipment_id, selected_shipping_option, shipments)',
    });
  });

  it('without a Location a POST or PUT is not confirmed', () => {
    expect(judgeShipmentAnswer(ans(200, shipment()), 'update', ctx)).toEqual({
      ok: false,
      reason:
        'PUT /shipment/{shipment_id} answered without a Location header, so the shipment is not confirmed',
      retry: false,
      notFound: false,
      violations: [
        {
          rule: 'shipping-integrator-api#put-shipmentshipment_id',
          path: 'headers.location',
          message:
            'PUT /shipment/{shipment_id} answered 200 without a Location header; the shipment id and Location: {base_url}/shipment/<shipment_id> together confirm that the shipment exists',
        },
      ],
    });
  });

  it('the Location is compared with the id URL-encoded, the base URL without its trailing slash', () => {
    const j = judgeShipmentAnswer(
      ans(201, shipment('a b'), { ...JSON_TYPE, location: 'http://tms.test/api/shipment/a%20b' }),
      'create',
      ctx,
    );
    expect(j.violations).toEqual([]);
  });
});

describe('/shipment answers: survivors of the mutation run, pinned', () => {
  const ctx = { baseUrl: 'http://tms.test/api', timeoutMs: 1000 };
  const at = (id: string) => ({ ...JSON_TYPE, location: `http://tms.test/api/shipment/${id}` });

  it('no answer carries no violation of its own, only the reason', () => {
    expect(
      judgeShipmentAnswer({ status: null, headers: {}, body: null, error: 'unreachable' }, 'create', ctx),
    ).toEqual({
      ok: false,
      reason: 'POST /shipment: the integrator could not be reached (unreachable)',
      retry: false,
      notFound: false,
      violations: [],
    });
  });

  it('a 500 needs no failure_reason either', () => {
    expect(judgeShipmentAnswer(ans(500, 'oops', {}), 'create', ctx)).toEqual({
      ok: false,
      reason: 'POST /shipment answered 500',
      retry: false,
      notFound: false,
      violations: [],
    });
  });

  it('a 300 is no success, even with a shipment in its body', () => {
    expect(judgeShipmentAnswer(ans(300, shipment(), at('shp-1')), 'create', ctx)).toMatchObject({
      ok: false,
      reason: 'POST /shipment answered 300',
    });
  });

  it('a relative Location resolves against the base URL, whatever its trailing slashes', () => {
    for (const baseUrl of ['http://tms.test/api/', 'http://tms.test/api//']) {
      for (const location of ['shipment/shp-1', 'http://tms.test/api/shipment/shp-1']) {
        const j = judgeShipmentAnswer(ans(201, shipment(), { ...JSON_TYPE, location }), 'create', {
          ...ctx,
          baseUrl,
        });
        expect([baseUrl, location, j.violations]).toEqual([baseUrl, location, []]);
      }
    }
  });

  it('the messages of a body that is not an object and of another shipment id say what to do', () => {
    expect(judgeShipmentAnswer(ans(200, '"x"'), 'read', ctx).violations).toEqual([
      {
        rule: 'shipping-integrator-api#shipment-response-body',
        path: '(body)',
        message: 'the body is JSON but not one object (it is string); answer the shipment as one JSON object',
      },
    ]);
    expect(
      judgeShipmentAnswer(ans(200, shipment('shp-2')), 'read', { ...ctx, shipmentId: 'shp-1' }).violations,
    ).toEqual([
      {
        rule: 'shipping-integrator-api#get-shipmentshipment_id',
        path: 'shipment_id',
        message:
          "GET /shipment/{shipment_id} for shipment 'shp-1' answered shipment_id 'shp-2'; the id stays the same",
      },
    ]);
  });

  it('tracking is incomplete while any shipment lacks its tracking_id', () => {
    const two = (b: { carrier: string; tracking_id?: string }) => ({
      ...shipment(),
      shipments: [{ carrier: 'dhl', tracking_id: 'T1' }, b],
    });
    expect(trackingComplete(two({ carrier: 'postnord' }))).toBe(false);
    expect(trackingComplete(two({ carrier: 'postnord', tracking_id: '' }))).toBe(false);
    expect(trackingComplete(two({ carrier: 'postnord', tracking_id: 'T2' }))).toBe(true);
  });
});
