import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS } from '@shared/samples/samples';
import { stubOptions, type IntegratorAnswer } from '../../test-kit/integrator-stub';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';

let env: ShippingEnv;
afterEach(() => env?.close());

const noPrice = () => {
  const [home, point] = stubOptions(false);
  const { price: _p, ...rest } = home!;
  return { shipping_options: [rest, point] };
};

/** Each fallback cause (spec § Errors): what the integrator answers, the cause, and the violations recorded. */
const CASES: [string, IntegratorAnswer, string, RegExp, { rule: string; path: string; message: RegExp }[]][] =
  [
    [
      'a time-out',
      { delayMs: 600, body: { shipping_options: [] } },
      'timeout',
      /did not answer within 250 ms/,
      [],
    ],
    ['a 5xx', { status: 503, body: { failure_reason: 'down' } }, 'server_error', /answered 503/, []],
    [
      'a status the spec does not list',
      { status: 404, body: { failure_reason: 'no_route' } },
      'unlisted_status',
      /answered 404 \(no_route\)/,
      [
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: '(status)',
          message: /answered 404 with failure_reason 'no_route'.*answers 200/,
        },
      ],
    ],
    [
      'a 415 for the vendor media type',
      { status: 415, body: { failure_reason: 'unsupported' } },
      'unlisted_status',
      /answered 415/,
      [
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: '(status)',
          message: /refused the Content-Type application\/vdn\.service\.shipping\.get_options-v1\+json/,
        },
      ],
    ],
    [
      'a body that is not JSON',
      { body: '{"shipping_options": [', headers: { 'content-type': 'application/json' } },
      'not_json',
      /the body is not JSON/,
      [
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: '(body)',
          message: /not JSON.*one JSON object/,
        },
      ],
    ],
    [
      'JSON that is not one object',
      { body: '[1,2]', headers: { 'content-type': 'application/json' } },
      'not_json',
      /not one object \(it is an array\)/,
      [{ rule: 'shipping-integrator-api#post-shippingoptions', path: '(body)', message: /an array/ }],
    ],
    [
      'JSON that does not match the spec',
      { body: noPrice() },
      'invalid_response',
      /does not match the spec \(1 problem\)/,
      [
        {
          rule: 'shipping-integrator-api#shipping-option',
          path: 'shipping_options[0].price',
          message:
            /^option 'stub-home' \(shipping_options\[0\]\.price\) is required: price is the price including VAT/,
        },
      ],
    ],
    [
      'preview options answered to a full address',
      { body: { shipping_options: stubOptions(true) } },
      'invalid_response',
      /2 options have the wrong preview flag/,
      [
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: 'shipping_options[0].preview',
          message:
            /^option 'stub-home' has preview: true in an answer to a full-address request; a full address must get valid options \(preview: false\)$/,
        },
        {
          rule: 'shipping-integrator-api#post-shippingoptions',
          path: 'shipping_options[1].preview',
          message: /^option 'stub-point' has preview: true/,
        },
      ],
    ],
  ];

describe('fallback to the merchant’s options', () => {
  it.each(CASES)('on %s', async (_name, answer, cause, reason, violations) => {
    env = await shippingEnv({ timeoutMs: 250 });
    await env.core.steps.country(env.id, { country: 'SE' });
    env.tms.on('POST /shippingoptions', answer);
    const r = await env.core.steps.address(env.id, { billing_address: SAMPLE_ADDRESS });
    const s = env.session();
    expect(s.state.shipping).toMatchObject({ source: 'fallback', fallback_cause: cause, request: 'full' });
    expect(s.state.shipping!.reason).toMatch(reason);
    expect(s.state.shipping_options.map((o) => o.id)).toEqual(['std', 'exp']);
    expect(s.order.selected_shipping_option?.id).toBe('std'); // the merchant's preselected option
    expect(r.notes.at(-1)).toMatch(/merchant's 2 fallback options are shown/);
    const call = (await env.exchanges('shipping.options')).at(-1)!;
    expect(call.outcome).toBe(`fallback:${cause}`);
    expect(call.violations).toEqual(
      violations.map((v) => ({ rule: v.rule, path: v.path, message: expect.stringMatching(v.message) })),
    );
  });

  it('on an integrator that cannot be reached', async () => {
    env = await shippingEnv();
    const sh = await env.countryWith({ base_url: 'http://127.0.0.1:1' });
    expect([sh.source, sh.fallback_cause]).toEqual(['fallback', 'unreachable']);
    expect(sh.reason).toMatch(/could not be reached \(ECONNREFUSED/);
  });

  it('when on but not configured (no key): no call at all', async () => {
    env = await shippingEnv();
    const sh = await env.countryWith({ key: '' });
    expect([sh.source, sh.fallback_cause]).toEqual(['fallback', 'not_configured']);
    expect(sh.reason).toMatch(/key is not set/);
    expect(env.tms.requests).toHaveLength(0);
  });

  it('a JSON answer without a JSON Content-Type is used, and flagged', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', {
      body: JSON.stringify({ shipping_options: stubOptions(true) }),
      headers: { 'content-type': 'text/plain' },
    });
    await env.core.steps.country(env.id, { country: 'SE' });
    expect(env.session().state.shipping?.source).toBe('integrator');
    const call = (await env.exchanges('shipping.options.preview'))[0]!;
    expect(call.violations).toEqual([
      {
        rule: 'shipping-integrator-api#resources-and-their-fields',
        path: 'headers.content-type',
        message: expect.stringMatching(/'text\/plain'.*send application\/json/),
      },
    ]);
  });

  it('options of an integrator that is fine again replace the fallback', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', { status: 500 });
    await env.core.steps.country(env.id, { country: 'SE' });
    env.tms.reset('POST /shippingoptions');
    await env.core.steps.country(env.id, { country: 'SE' });
    expect(env.session().state.shipping).toMatchObject({
      source: 'integrator',
      reason: null,
      fallback_cause: null,
    });
  });
});
