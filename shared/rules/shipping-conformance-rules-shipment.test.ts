import { describe, expect, it } from 'vitest';
import {
  at,
  BASE,
  call,
  conforming,
  JSON_TYPE,
  noAnswer,
  option,
  record,
  shipment,
  verdict,
  withStep,
} from '../test-kit/conformance-records';

/* The conformance run's rules for POST /shipment, PUT and GET /shipment/{id}, and the Content-Type rule. */

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

  it('a call that got no answer did not succeed: its Location and body are not judged', () => {
    const r = withStep('create', [noAnswer('timeout')]);
    expect(verdict(r, 'shipment.create.location').status).toBe('skip');
    expect(verdict(r, 'shipment.create.body')).toEqual({
      status: 'skip',
      message: 'skipped: POST /shipment did not succeed (see shipment.create.status)',
    });
  });
});
