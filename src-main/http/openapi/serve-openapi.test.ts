import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Listener } from '../serve';
import { apiReq, bodyOf } from '../../test-kit/ipp-elements-kit';
import { tempCore } from '../../test-kit/temp-core';
import { integratorApp } from '../integrator/integrator-app';
import { providerApp } from '../provider/provider-app';
import { appServer, close, listen } from '../serve';
import { TEST_HTTP_SERVERS } from '../../test-kit/http-servers';

let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());

/** A request as a client without credentials sends it. */
const anonymous = (method: string, path: string, body?: unknown) => {
  const req = apiReq(method, path, body);
  delete req.headers.authorization;
  return req;
};

describe('GET /openapi.json on the provider API', () => {
  it('answers 200 JSON without credentials, naming the base URL the client used', async () => {
    const r = await providerApp(env.core).handle(anonymous('GET', '/openapi.json'));
    expect(r.status).toBe(200);
    expect(r.headers?.['Content-Type']).toBe('application/json');
    const doc = bodyOf(r);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: 'http://sim.test', description: 'This simulator' }]);
    expect(doc.paths['/checkout/v3/orders']).toBeDefined();
  });

  it('keeps every other path behind Basic auth, in each API’s error shape', async () => {
    const app = providerApp(env.core);
    const cases: [string, string, string][] = [
      ['GET', '/checkout/v3/orders/x', 'error_code'],
      ['GET', '/ordermanagement/v1/orders/x', 'error_code'],
      ['GET', '/test_helpers/clock', 'error_code'],
      ['GET', '/ipp/v1/devices', 'detail'],
      ['GET', '/elements/v1/clients', 'additional_context'],
      // Only reading the document is open: another method on its path is not.
      ['POST', '/openapi.json', 'error_code'],
    ];
    for (const [method, path, field] of cases) {
      const r = await app.handle(anonymous(method, path));
      expect([method, path, r.status]).toEqual([method, path, 401]);
      expect(bodyOf(r)).toHaveProperty(field);
    }
  });

  it.each(TEST_HTTP_SERVERS)('serves the actual base URL over a socket (the %s server)', async (http) => {
    const server: Listener = appServer(providerApp(env.core), { http });
    const base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
    try {
      const r = await fetch(`${base}/openapi.json`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(((await r.json()) as { servers: { url: string }[] }).servers[0]!.url).toBe(base);
      expect((await fetch(`${base}/test_helpers/settings`)).status).toBe(401);
    } finally {
      await close(server);
    }
  });
});

describe('GET /openapi.json on the fake integrator', () => {
  it('answers its own document', async () => {
    const r = await integratorApp(env.core).handle(anonymous('GET', '/openapi.json'));
    expect(r.status).toBe(200);
    const doc = bodyOf(r);
    expect(doc.info.title).toContain('integrator');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth', '/shippingoptions', '/shipment', '/shipment/{shipment_id}']),
    );
    expect(doc.servers[0].url).toBe('http://sim.test');
  });
});
