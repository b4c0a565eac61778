import { describe, expect, it } from 'vitest';
import { NO_FAULTS } from '@shared/schemas/integrator-sim.schema';
import { basic } from '../../test-kit/temp-core';
import type { HttpRequest } from '../router';
import { providerAppPerTest } from '../../test-kit/ipp-elements-kit';

const t = providerAppPerTest();

const req = (method: string, path: string, body?: unknown, auth = basic()): HttpRequest => ({
  method,
  path,
  search: '',
  headers: { host: 'sim.test', authorization: auth, 'content-type': 'application/json' },
  body: body === undefined ? null : Buffer.from(JSON.stringify(body)),
});
const bodyOf = (r: { body?: string | null }) => JSON.parse(r.body ?? 'null');

describe('/test_helpers/integrator/faults', () => {
  it('reads all switches off by default; PUT replaces the set and GET reads it back', async () => {
    expect(bodyOf(await t.app.handle(req('GET', '/test_helpers/integrator/faults')))).toEqual(NO_FAULTS);
    const put = await t.app.handle(
      req('PUT', '/test_helpers/integrator/faults', {
        shippingoptions: { latency_ms: 200, empty_list: true },
      }),
    );
    expect(put.status).toBe(200);
    expect(bodyOf(put).shippingoptions).toMatchObject({ latency_ms: 200, empty_list: true, timeout: false });
    expect(t.env.core.integrator.faults.anyOn('shippingoptions')).toBe(true);
    await t.app.handle(req('PUT', '/test_helpers/integrator/faults', { auth: { reject_credentials: true } }));
    const now = bodyOf(await t.app.handle(req('GET', '/test_helpers/integrator/faults')));
    expect([now.shippingoptions.latency_ms, now.auth.reject_credentials]).toEqual([0, true]);
  });

  it.each([
    ['an unknown endpoint', { payments: {} }, 'payments: is not a known field'],
    [
      'a switch another endpoint has',
      { auth: { empty_list: true } },
      'auth.empty_list: is not a known field',
    ],
    [
      'a wrong type',
      { shipment_read: { timeout: 'yes' } },
      'shipment_read.timeout: must be of type boolean, got string',
    ],
    [
      'a status that is not 5xx',
      { shipment_create: { status_5xx: 404 } },
      'shipment_create.status_5xx: must be at least 500',
    ],
    ['a negative latency', { auth: { latency_ms: -1 } }, 'auth.latency_ms: must be at least 0'],
  ])('refuses %s with 400 BAD_VALUE naming the path', async (_name, body, message) => {
    const r = await t.app.handle(req('PUT', '/test_helpers/integrator/faults', body));
    expect(r.status).toBe(400);
    const e = bodyOf(r);
    expect(e.error_code).toBe('BAD_VALUE');
    expect(e.error_messages.join('\n')).toContain(message);
    expect(typeof e.correlation_id).toBe('string');
  });

  it('needs Basic auth like the rest of the provider API', async () => {
    const r = await t.app.handle(req('GET', '/test_helpers/integrator/faults', undefined, basic('x', 'y')));
    expect(r.status).toBe(401);
  });
});

describe('/test_helpers/integrator/settings', () => {
  it('shows the credentials and settings, and changes the token lifetime', async () => {
    const got = bodyOf(await t.app.handle(req('GET', '/test_helpers/integrator/settings')));
    expect(got).toEqual({
      ...t.env.core.integrator.credentials(),
      token_ttl_s: 3600,
      tracking_delay_s: 7200,
    });
    const put = await t.app.handle(req('PUT', '/test_helpers/integrator/settings', { token_ttl_s: 5 }));
    expect([put.status, bodyOf(put).token_ttl_s]).toEqual([200, 5]);
    const bad = await t.app.handle(
      req('PUT', '/test_helpers/integrator/settings', { token_ttl_s: 0, key: 'k' }),
    );
    expect(bad.status).toBe(400);
    expect(bodyOf(bad).error_messages.join('\n')).toMatch(
      /token_ttl_s: must be at least 1[\s\S]*key: is not a known field/,
    );
  });

  it('refuses a `__proto__` field and takes nothing from inside it (found by tools/fuzz.mjs)', async () => {
    const smuggled = { token_ttl_s: 3, ['__proto__']: { tracking_delay_s: 1 } };
    const put = await t.app.handle(req('PUT', '/test_helpers/integrator/settings', smuggled));
    expect([put.status, bodyOf(put).error_messages]).toEqual([400, ['__proto__: is not a known field']]);
    expect(t.env.core.integrator.settings()).toEqual({ token_ttl_s: 3600, tracking_delay_s: 7200 });
  });
});
