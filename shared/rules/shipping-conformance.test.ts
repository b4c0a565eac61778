import { describe, expect, it } from 'vitest';
import { option, rawAnswer as ans } from '../test-kit/conformance-records';
import { judgeAuthAnswer, judgeOptionsAnswer, optionsOutcome } from './shipping-conformance';

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

describe('POST /auth answers: the other statuses and bodies', () => {
  it('5xx is a server error; an unlisted status without failure_reason names the status alone', () => {
    expect(judgeAuthAnswer(ans(503, null), 1000)).toEqual({
      ok: false,
      cause: 'server_error',
      reason: 'POST /auth answered 503',
      violations: [],
    });
    expect(judgeAuthAnswer(ans(404, {}), 1000)).toEqual({
      ok: false,
      cause: 'unlisted_status',
      reason: 'POST /auth answered 404',
      violations: [
        {
          rule: 'GAPS#shipping-integrator-api',
          path: '(status)',
          message:
            'POST /auth answered 404; it answers 201 with {"token": "…"}, 400 for a malformed request, 401 for wrong credentials',
        },
      ],
    });
    expect(judgeAuthAnswer(ans(400, { failure_reason: 'bad' }), 1000)).toMatchObject({
      reason: 'POST /auth answered 400 (bad)',
    });
  });

  it('401 says to check the identifier and key in the settings', () => {
    expect(judgeAuthAnswer(ans(401, null, {}), 1000)).toMatchObject({
      reason:
        'POST /auth answered 401: the integrator refused the identifier and key; check them in the shipping assistant settings',
      violations: [],
    });
  });

  it('a body that is not one JSON object is refused, keeping the 200 flag', () => {
    expect(judgeAuthAnswer(ans(200, 'token'), 1000)).toMatchObject({
      ok: false,
      cause: 'not_json',
      reason: expect.stringMatching(/^POST \/auth: the body is not JSON/),
      violations: [
        { path: '(status)' },
        {
          rule: 'shipping-integrator-api#post-auth',
          path: '(body)',
          message: expect.stringMatching(/^the body is not JSON .*; answer \{"token": "…"\}$/),
        },
      ],
    });
    expect(judgeAuthAnswer(ans(201, {}), 1000)).toMatchObject({
      reason: 'POST /auth answered without a token',
    });
    expect(judgeAuthAnswer({ status: null, headers: {}, body: null, error: 'timeout' }, 5)).toMatchObject({
      cause: 'timeout',
      violations: [],
    });
  });
});

describe('POST /shippingoptions answers: statuses, bodies and outcomes', () => {
  it('5xx is a server error; 415 names the vendor media type; another status says what is answered', () => {
    expect(judgeOptionsAnswer(ans(502, null), 'full', 1)).toEqual({
      ok: false,
      cause: 'server_error',
      reason: 'POST /shippingoptions answered 502',
      violations: [],
    });
    const type = judgeOptionsAnswer(ans(415, { failure_reason: 'media' }), 'full', 1);
    expect(type).toMatchObject({
      cause: 'unlisted_status',
      reason: 'POST /shippingoptions answered 415 (media)',
    });
    expect(type.violations[0]!.message).toBe(
      'POST /shippingoptions answered 415 with failure_reason \'media\'; it refused the Content-Type application/vdn.service.shipping.get_options-v1+json, the vendor media type the spec names for this call; it answers 200 with {"shipping_options": […]} (an empty list when nothing is available), and any other status means fallback options',
    );
    expect(judgeOptionsAnswer(ans(204, null), 'full', 1).violations[0]).toEqual({
      rule: 'shipping-integrator-api#post-shippingoptions',
      path: '(status)',
      message:
        'POST /shippingoptions answered 204; it answers 200 with {"shipping_options": […]} (an empty list when nothing is available), and any other status means fallback options',
    });
  });

  it('401 answers a retry with the reason', () => {
    expect(judgeOptionsAnswer(ans(401, null), 'full', 1)).toEqual({
      ok: false,
      cause: 'unauthorized',
      reason: 'POST /shippingoptions answered 401: the token was refused',
      violations: [],
      retry: true,
    });
  });

  it('a usable answer with the wrong Content-Type is used and flagged', () => {
    const j = judgeOptionsAnswer(
      ans(200, { shipping_options: [option()] }, { 'content-type': 'text/plain' }),
      'full',
      1,
    );
    expect(j).toMatchObject({ ok: true, violations: [{ path: 'headers.content-type' }] });
    expect(optionsOutcome(j)).toBe('options:1');
  });

  it('a body that is not one object, or not the schema, is a fallback naming how many problems', () => {
    const notJson = judgeOptionsAnswer(ans(200, 'x', { 'content-type': 'text/html' }), 'full', 1);
    expect(notJson).toMatchObject({
      ok: false,
      cause: 'not_json',
      reason: expect.stringMatching(/^POST \/shippingoptions: the body is not JSON/),
    });
    expect(notJson.violations.map((v) => v.path)).toEqual(['headers.content-type', '(body)']);
    expect(notJson.violations[1]!.message).toMatch(
      /; the answer must be one JSON object \{"shipping_options": \[…\]\}$/,
    );
    expect(optionsOutcome(notJson)).toBe('fallback:not_json');
    expect(
      judgeOptionsAnswer(ans(200, { shipping_options: [option({ price: 'x' })] }), 'full', 1),
    ).toMatchObject({
      cause: 'invalid_response',
      reason: 'POST /shippingoptions: the answer does not match the spec (1 problem)',
    });
    expect(
      judgeOptionsAnswer(ans(200, { shipping_options: [option({ price: 'x', name: 3 })] }), 'full', 1),
    ).toMatchObject({ reason: 'POST /shippingoptions: the answer does not match the spec (2 problems)' });
  });

  it('wrong preview flags: the reason counts them and names the call', () => {
    expect(
      judgeOptionsAnswer(ans(200, { shipping_options: [option({ preview: true })] }), 'full', 1),
    ).toMatchObject({
      reason: 'POST /shippingoptions: 1 option has the wrong preview flag for a full-address request',
    });
    const two = judgeOptionsAnswer(
      ans(200, { shipping_options: [option(), option({ id: 'b' })] }),
      'preview',
      1,
    );
    expect(two).toMatchObject({
      reason:
        'POST /shippingoptions: 2 options have the wrong preview flag for a preview request (country only)',
    });
    expect(optionsOutcome(two)).toBe('fallback:invalid_response');
    expect(optionsOutcome(judgeOptionsAnswer(ans(401, null), 'full', 1))).toBe('token_refused');
  });
});

describe('each call at its edges: a 500, an unlisted status, a time-out', () => {
  it.each([
    ['POST /auth', () => judgeAuthAnswer(ans(500, null), 1000)],
    ['POST /shippingoptions', () => judgeOptionsAnswer(ans(500, null), 'preview', 1)],
  ])('a 500 on %s is a server error, not an unlisted status', (call, judge) => {
    const verdict = { ok: false, cause: 'server_error', reason: `${call} answered 500`, violations: [] };
    expect(judge()).toEqual(verdict);
  });

  it('an unlisted options status without failure_reason names the status alone', () => {
    expect(judgeOptionsAnswer(ans(404, {}), 'full', 1)).toMatchObject({
      cause: 'unlisted_status',
      reason: 'POST /shippingoptions answered 404',
    });
  });

  it('a time-out of POST /auth names the call and the limit', () => {
    expect(judgeAuthAnswer({ status: null, headers: {}, body: null, error: 'timeout' }, 5)).toEqual({
      ok: false,
      cause: 'timeout',
      reason: 'POST /auth: the integrator did not answer within 5 ms',
      violations: [],
    });
  });
});
