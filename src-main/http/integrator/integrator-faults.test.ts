import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import type { IntegratorFaultsInput } from '@shared/schemas/integrator-sim.schema';
import { authBody, optionsRequest, shipmentRequest } from '../../core/test-kit/integrator-fixtures';
import { tempCore } from '../../test-kit/temp-core';
import { integratorApp } from './integrator-app';
import { bodyOf, integratorClient } from '../test-kit/integrator-client';

let env: ReturnType<typeof tempCore>;
let client: ReturnType<typeof integratorClient>;
beforeEach(async () => {
  env = tempCore();
  client = integratorClient(integratorApp(env.core, { timeoutBoundMs: 50 }), env.core);
  await client.auth();
});
afterEach(() => env.dispose());

const setFaults = (f: IntegratorFaultsInput) => env.core.integrator.faults.set(f);
const firstOption = async () => bodyOf(await client.options(optionsRequest())).shipping_options[0];
const lastOutcome = async (kind: string) => {
  const log = await env.core.exchanges.list({});
  return log.find((e) => e.kind === kind)?.outcome;
};

describe('transport faults (any endpoint)', () => {
  it('latency delays the answer and records the fault', async () => {
    setFaults({ shippingoptions: { latency_ms: 60 } });
    const t0 = performance.now();
    expect((await client.options(optionsRequest())).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
    expect(await lastOutcome('integrator.shippingoptions')).toBe('fault:latency_ms=60');
  });

  it('timeout holds the request (here bounded at 50 ms) and answers nothing useful', async () => {
    setFaults({ shipment_read: { timeout: true } });
    const r = await client.read('shp_x');
    expect([r.status, bodyOf(r).failure_reason]).toEqual([504, expect.stringMatching(/^simulated_timeout/)]);
  });

  it('status_5xx answers that status with a failure body, before looking at the request', async () => {
    setFaults({ auth: { status_5xx: 503 }, shippingoptions: { status_5xx: 500 } });
    const auth = await client.send('POST', '/auth', 'garbage', {});
    expect([auth.status, bodyOf(auth).failure_reason]).toEqual([
      503,
      expect.stringContaining('simulated_fault'),
    ]);
    expect((await client.options(optionsRequest())).status).toBe(500);
  });

  it('malformed_json cuts the body in half', async () => {
    setFaults({ shippingoptions: { malformed_json: true } });
    const r = await client.options(optionsRequest());
    expect(r.status).toBe(200);
    expect(() => JSON.parse(r.body!)).toThrow();
    expect(r.body!.startsWith('{"shipping_options":[')).toBe(true);
  });
});

describe('content faults', () => {
  it('empty_list answers no options', async () => {
    setFaults({ shippingoptions: { empty_list: true } });
    expect(bodyOf(await client.options(optionsRequest()))).toEqual({ shipping_options: [] });
  });

  it('wrong_preview_flag flips preview on every option', async () => {
    setFaults({ shippingoptions: { wrong_preview_flag: true } });
    const full = bodyOf(await client.options(optionsRequest())).shipping_options;
    expect(full.every((o: { preview: boolean }) => o.preview)).toBe(true);
    const preview = bodyOf(await client.options(optionsRequest({ recipient: { country: 'SE' } })));
    expect(preview.shipping_options.every((o: { preview: boolean }) => !o.preview)).toBe(true);
  });

  it('missing_required_fields drops price and tax_rate, the token, the shipment id', async () => {
    const o = await firstOption();
    setFaults({
      shippingoptions: { missing_required_fields: true },
      auth: { missing_required_fields: true },
      shipment_create: { missing_required_fields: true },
    });
    const [opt] = bodyOf(await client.options(optionsRequest())).shipping_options;
    expect(opt).not.toHaveProperty('price');
    expect(opt).not.toHaveProperty('tax_rate');
    expect(opt).toHaveProperty('id');
    const { identifier, key } = env.core.integrator.credentials();
    const auth = await client.send('POST', '/auth', authBody(identifier, key), {
      'content-type': INTEGRATOR_MEDIA_TYPES.auth,
    });
    expect([auth.status, bodyOf(auth)]).toEqual([201, {}]);
    const created = await client.create(shipmentRequest(o));
    expect(created.status).toBe(201);
    expect(bodyOf(created)).not.toHaveProperty('shipment_id');
    expect(bodyOf(created)).not.toHaveProperty('shipments');
  });

  it('missing_location leaves the Location header out of POST and PUT', async () => {
    const o = await firstOption();
    setFaults({ shipment_create: { missing_location: true }, shipment_update: { missing_location: true } });
    const created = await client.create(shipmentRequest(o));
    expect([created.status, created.headers?.location]).toEqual([201, undefined]);
    const updated = await client.update(bodyOf(created).shipment_id, shipmentRequest(o));
    expect([updated.status, updated.headers?.location]).toEqual([200, undefined]);
    expect(await lastOutcome('integrator.shipment_create')).toBe('created fault:missing_location');
  });
});

describe('auth faults', () => {
  it('reject_credentials answers 401 with no body to the right credentials', async () => {
    setFaults({ auth: { reject_credentials: true } });
    const { identifier, key } = env.core.integrator.credentials();
    const r = await client.send('POST', '/auth', authBody(identifier, key), {
      'content-type': INTEGRATOR_MEDIA_TYPES.auth,
    });
    expect([r.status, r.body ?? '']).toEqual([401, '']);
  });

  it('expire_every_token makes every token expired at its next use, fresh ones too', async () => {
    setFaults({ auth: { expire_every_token: true } });
    expect((await client.options(optionsRequest())).status).toBe(401);
    await client.auth();
    const r = await client.options(optionsRequest());
    expect([r.status, bodyOf(r).failure_reason]).toEqual([401, expect.stringMatching(/^token_expired/)]);
    setFaults({});
    expect((await client.options(optionsRequest())).status).toBe(200);
  });
});
