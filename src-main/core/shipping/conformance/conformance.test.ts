import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IntegratorFaultsInput } from '@shared/schemas/integrator-sim.schema';
import type { Scorecard } from '@shared/schemas/shipping-assistant.schema';
import { fakeIntegrator } from '../../../test-kit/shipping-env';
import { tempCore } from '../../../test-kit/temp-core';

let env: ReturnType<typeof tempCore>;
let fake: Awaited<ReturnType<typeof fakeIntegrator>>;
let base = '';
beforeAll(async () => {
  fake = await fakeIntegrator();
  env = tempCore();
  fake.serve(env.core);
  base = fake.base;
});
afterAll(async () => {
  await fake.close();
  await env.dispose();
});
beforeEach(() => env.core.integrator.faults.set({}));

const run = (over: Record<string, unknown> = {}) => {
  const { identifier, key } = env.core.integrator.credentials();
  return env.core.shipping.conformance.run({ base_url: base, identifier, key, timeout_ms: 2000, ...over });
};
const rule = (card: Scorecard, id: string) => card.rules.find((r) => r.id === id)!;
const failing = (card: Scorecard) => card.rules.filter((r) => r.status === 'fail').map((r) => r.id);

describe('conformance run against the built-in fake integrator', () => {
  it('passes every rule, each with its spec reference and exchanges', async () => {
    const card = await run();
    expect(failing(card)).toEqual([]);
    expect([card.passed, card.failed, card.skipped]).toEqual([card.rules.length, 0, 0]);
    expect(card.rules.map((r) => r.id)).toEqual([
      'auth.wrong-credentials',
      'auth.token',
      'auth.token-reuse',
      'auth.wrong-token',
      'options.preview.answer',
      'options.preview.schema',
      'options.preview.flag',
      'options.full.answer',
      'options.full.schema',
      'options.full.flag',
      'options.full.available',
      'options.locations.answer',
      'options.locations.schema',
      'options.locations.found',
      'shipment.create.status',
      'shipment.create.location',
      'shipment.create.body',
      'shipment.update.status',
      'shipment.update.location',
      'shipment.update.body',
      'shipment.read.status',
      'shipment.read.body',
      'json.content-type',
    ]);
    for (const r of card.rules) {
      expect(r.spec_ref).toMatch(/shipping-integrator-api\.md §/);
      expect(r.exchange_ids.length).toBeGreaterThan(0);
    }
    const log = await env.core.exchanges.list({ ascending: true });
    const mine = log.filter((e) => e.kind.startsWith('shipping.conformance.'));
    expect(mine.map((e) => e.kind)).toEqual([
      'shipping.conformance.auth',
      'shipping.conformance.auth',
      'shipping.conformance.reuse',
      'shipping.conformance.reuse',
      'shipping.conformance.wrong_token',
      'shipping.conformance.preview',
      'shipping.conformance.full',
      'shipping.conformance.locations',
      'shipping.conformance.create',
      'shipping.conformance.update',
      'shipping.conformance.read',
    ]);
    expect(mine.every((e) => e.violations.length === 0)).toBe(true);
    expect(env.core.shipping.conformance.get(card.run_id)).toEqual(card);
  });

  it('says what to fix when the credentials are wrong', async () => {
    const card = await run({ key: 'not-the-key' });
    expect(rule(card, 'auth.token').message).toMatch(
      /401 to the right identifier and digest: the digest is hex SHA-256 of the nonce followed by the key/,
    );
    expect(rule(card, 'options.full.answer')).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(/no token/),
    });
  });
});

/** Each fault of the fake, and the rule it must fail with a message a developer can act on. */
const FAULTS: [string, IntegratorFaultsInput, string, RegExp][] = [
  [
    'auth: rejecting credentials',
    { auth: { reject_credentials: true } },
    'auth.token',
    /answered 401 to the right identifier/,
  ],
  [
    'auth: no token in the answer',
    { auth: { missing_required_fields: true } },
    'auth.token',
    /token is required: token is the bearer token/,
  ],
  [
    'auth: malformed JSON',
    { auth: { malformed_json: true } },
    'auth.token',
    /the body is not JSON.*answer \{"token"/,
  ],
  ['auth: 5xx', { auth: { status_5xx: 503 } }, 'auth.token', /answered 503 .*good credentials get 201/],
  ['auth: time-out', { auth: { timeout: true } }, 'auth.token', /gave no answer within 300 ms/],
  [
    'auth: expiring every token',
    { auth: { expire_every_token: true } },
    'auth.token-reuse',
    /call 1 with a token fresh from POST \/auth got 401; a token must stay valid/,
  ],
  [
    'options: 5xx',
    { shippingoptions: { status_5xx: 500 } },
    'options.preview.answer',
    /answered 500 .*answers 200/,
  ],
  [
    'options: malformed JSON',
    { shippingoptions: { malformed_json: true } },
    'options.full.answer',
    /not JSON.*one JSON object/,
  ],
  [
    'options: time-out',
    { shippingoptions: { timeout: true } },
    'options.preview.answer',
    /gave no answer within 300 ms/,
  ],
  [
    'options: latency past the time-out',
    { shippingoptions: { latency_ms: 700 } },
    'options.full.answer',
    /gave no answer within 300 ms/,
  ],
  [
    'options: missing required fields',
    { shippingoptions: { missing_required_fields: true } },
    'options.full.schema',
    /^\(1\) shipping_options\[\*\]\.price is required on \d+ options \('[^']+', '[^']+', '[^']+', …\): price is the price including VAT/,
  ],
  [
    'options: wrong preview flag (preview)',
    { shippingoptions: { wrong_preview_flag: true } },
    'options.preview.flag',
    /has preview: false in an answer to a preview request/,
  ],
  [
    'options: wrong preview flag (full)',
    { shippingoptions: { wrong_preview_flag: true } },
    'options.full.flag',
    /has preview: true in an answer to a full-address request; a full address must get valid options \(preview: false\)/,
  ],
  [
    'options: empty list',
    { shippingoptions: { empty_list: true } },
    'options.full.available',
    /empty shipping_options list.*cannot buy/,
  ],
  [
    'create: missing Location',
    { shipment_create: { missing_location: true } },
    'shipment.create.location',
    /without a Location header; the checkout takes the shipment id and Location together/,
  ],
  [
    'create: missing required fields',
    { shipment_create: { missing_required_fields: true } },
    'shipment.create.body',
    /shipment_id is required: shipment_id is the id of the pre-reserved shipment/,
  ],
  [
    'create: 5xx',
    { shipment_create: { status_5xx: 502 } },
    'shipment.create.status',
    /answered 502 .*for option '[^']+' from the full-address answer; POST \/shipment answers 201/,
  ],
  [
    'create: malformed JSON',
    { shipment_create: { malformed_json: true } },
    'shipment.create.body',
    /not JSON.*answer the shipment as one JSON object/,
  ],
  [
    'update: missing Location',
    { shipment_update: { missing_location: true } },
    'shipment.update.location',
    /PUT \/shipment\/\{shipment_id\} answered 200 without a Location header/,
  ],
  [
    'update: missing required fields',
    { shipment_update: { missing_required_fields: true } },
    'shipment.update.body',
    /shipment_id is required/,
  ],
  ['update: 5xx', { shipment_update: { status_5xx: 500 } }, 'shipment.update.status', /answered 500/],
  ['read: 5xx', { shipment_read: { status_5xx: 503 } }, 'shipment.read.status', /answered 503/],
  [
    'read: missing required fields',
    { shipment_read: { missing_required_fields: true } },
    'shipment.read.body',
    /shipments is required/,
  ],
  [
    'read: time-out',
    { shipment_read: { timeout: true } },
    'shipment.read.status',
    /gave no answer within 300 ms/,
  ],
];

describe('conformance run with a fault switched on', () => {
  it.each(FAULTS)('%s fails its rule', async (_name, faults, id, message) => {
    env.core.integrator.faults.set(faults);
    const card = await run({ timeout_ms: 300 });
    expect(rule(card, id)).toMatchObject({ status: 'fail', message: expect.stringMatching(message) });
    expect(card.failed).toBeGreaterThan(0);
  });
});
