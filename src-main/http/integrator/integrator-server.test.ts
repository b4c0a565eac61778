import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Listener } from '../serve';
import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import { authBody, optionsRequest, shipmentRequest } from '../../core/test-kit/integrator-fixtures';
import { TEST_HTTP_SERVERS } from '../../test-kit/http-servers';
import { tempCore } from '../../test-kit/temp-core';
import { close, listen } from '../serve';
import { integratorServer } from './integrator-server';

let env: ReturnType<typeof tempCore>;
let server: Listener;
let base = '';

const post = (path: string, body: unknown, type: string, token?: string, signal?: AbortSignal) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });

async function token(): Promise<string> {
  const { identifier, key } = env.core.integrator.credentials();
  const r = await post('/auth', authBody(identifier, key), INTEGRATOR_MEDIA_TYPES.auth);
  expect(r.status).toBe(201);
  return ((await r.json()) as { token: string }).token;
}

describe.each(TEST_HTTP_SERVERS)('over the %s server', (http) => {
  beforeEach(async () => {
    env = tempCore();
    server = integratorServer(env.core, { http });
    base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
  });
  afterEach(async () => {
    await close(server);
    await env.dispose();
  });

  describe('the fake integrator over a socket', () => {
    it('serves auth, options, shipment create and read, with Location on the real host and port', async () => {
      const t = await token();
      const opts = await post('/shippingoptions', optionsRequest(), INTEGRATOR_MEDIA_TYPES.options, t);
      expect([opts.status, opts.headers.get('content-type')]).toEqual([200, 'application/json']);
      const [first] = ((await opts.json()) as { shipping_options: never[] }).shipping_options;
      const created = await post('/shipment', shipmentRequest(first!), INTEGRATOR_MEDIA_TYPES.shipment, t);
      expect(created.status).toBe(201);
      const { shipment_id } = (await created.json()) as { shipment_id: string };
      expect(created.headers.get('location')).toBe(`${base}/shipment/${shipment_id}`);
      const read = await fetch(created.headers.get('location')!, {
        headers: { authorization: `Bearer ${t}` },
      });
      expect(read.status).toBe(200);
      const bad = await fetch(`${base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"identifier":"sim-merchant","secret":{"nonce":"n","digest":"' + 'a'.repeat(64) + '"}}',
      });
      expect([bad.status, await bad.text(), bad.headers.get('content-length')]).toEqual([401, '', '0']);
    });

    it('holds a timeout-faulted request until the client gives up, then lets it go at once', async () => {
      const t = await token();
      env.core.integrator.faults.set({ shippingoptions: { timeout: true } });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 200);
      await expect(
        post('/shippingoptions', optionsRequest(), INTEGRATOR_MEDIA_TYPES.options, t, ac.signal),
      ).rejects.toThrow();
      // The server side ends when the socket closes, not at the 120 s bound.
      let held: { status: number | null; duration_ms: number; response: { body: string | null } } | undefined;
      for (let i = 0; i < 50 && !held; i++) {
        await new Promise((r) => setTimeout(r, 20));
        held = (await env.core.exchanges.list({})).find((e) => e.kind === 'integrator.shippingoptions');
      }
      expect(held?.status).toBe(504);
      expect(held?.response.body).toContain('client_gone');
      expect(held!.duration_ms).toBeLessThan(10_000);
    });
  });
});
