import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/create-core';
import { listenersOver, TEST_HTTP_SERVERS } from '../../test-kit/http-servers';
import { apiClient } from '../../test-kit/after-purchase-env';
import type { Listeners } from '../listen';
import { reopenableCore, sampleSession } from '../../test-kit/ipp-elements-kit';

// Every operation of the spec's three tables over a real loopback socket, then a restart on the same
// data folder: the state read back must be what the first run left.
let env: ReturnType<typeof reopenableCore>;
let listeners: Listeners | null = null;
beforeEach(() => {
  env = reopenableCore();
});
afterEach(async () => {
  await listeners?.close();
  listeners = null;
  await env.dispose();
});

/** The server the provider API runs on in the current suite (describe.each below). */
let http = TEST_HTTP_SERVERS[0]!;

async function serve(core: Core): Promise<string> {
  await listeners?.close();
  listeners = await listenersOver(core, http);
  return listeners.urls.api;
}

describe.each(TEST_HTTP_SERVERS)('over the %s server', (kind) => {
  beforeEach(() => {
    http = kind;
  });

  describe('elements and in-person APIs over a socket, across a restart', () => {
    it('answers every operation with state that survives a reopen of the database', async () => {
      let call = apiClient(await serve(env.open()));
      const created = await call('POST', '/elements/v1/clients/', {
        name: 'Shop',
        allowed_origins: ['https://a.example'],
      });
      expect(created.status).toBe(201);
      const id = created.body.id;
      const gone = (await call('POST', '/elements/v1/clients', { name: 'Temp' })).body.id;
      expect(
        (
          await call('PUT', `/elements/v1/clients/${id}`, {
            name: 'Shop 2',
            placements: [{ key: 'p', content: ['badge'] }],
            allowed_origins: ['https://a.example'],
          })
        ).status,
      ).toBe(200);
      const ex = {
        push_url: 'https://a.example/push',
        payment_methods: [{ method: 'card', provider: 'acme' }],
      };
      expect((await call('PUT', `/elements/v1/clients/${id}/express`, ex)).status).toBe(200);
      expect(
        (
          await call('PATCH', `/elements/v1/clients/${id}/express`, {
            confirmation_url: 'https://a.example/ok',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call('PUT', `/elements/v1/clients/${id}/allowed-origins`, {
            allowed_origins: ['https://b.example'],
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call('PATCH', `/elements/v1/clients/${id}/add-allowed-origins`, {
            allowed_origins: ['http://localhost:3000'],
          })
        ).status,
      ).toBe(200);
      expect((await call('DELETE', `/elements/v1/clients/${gone}`)).status).toBe(204);
      const bad = await call('PUT', `/elements/v1/clients/${id}/allowed-origins`, {
        allowed_origins: ['http://b.example'],
      });
      expect([bad.status, bad.body.code]).toEqual([400, 'ORIGIN_NOT_ALLOWED']);

      expect(
        (await call('PUT', '/ipp/v1/devices/device-pop-up-stand', { name: 'Stand', metadata: { k: 'v' } }))
          .status,
      ).toBe(200);
      expect((await call('DELETE', '/ipp/v1/devices/device-counter-1')).status).toBe(204);
      const s1 = (await call('POST', '/ipp/v1/sessions', sampleSession('device-pop-up-stand'))).body;
      expect((await call('PUT', `/ipp/v1/sessions/${s1.session_id}/cancel`)).body.status).toBe('CANCELLED');
      const s2 = (await call('POST', '/ipp/v1/sessions', sampleSession('device-pop-up-stand'))).body;
      const problem = await call('POST', '/ipp/v1/sessions', sampleSession('device-pop-up-stand'));
      expect([problem.status, problem.headers.get('content-type')]).toEqual([
        409,
        'application/problem+json',
      ]);
      const client1 = (await call('GET', `/elements/v1/clients/${id}`)).body;

      call = apiClient(await serve(await env.reopen()));
      expect((await call('GET', `/elements/v1/clients/${id}`)).body).toEqual(client1);
      expect(client1).toMatchObject({
        name: 'Shop 2',
        allowed_origins: ['https://b.example', 'http://localhost:3000'],
        placements: [
          {
            key: 'p',
            content: ['badge'],
            express_config: { ...ex, confirmation_url: 'https://a.example/ok' },
          },
        ],
      });
      expect((await call('GET', '/elements/v1/clients/')).body).toEqual({
        clients: [client1],
        next_cursor: null,
      });
      expect((await call('GET', `/elements/v1/clients/${gone}`)).status).toBe(404);
      expect((await call('GET', '/ipp/v1/devices')).body.content).toEqual([
        {
          id: 'device-pop-up-stand',
          name: 'Stand',
          platform: 'ios',
          location_id: null,
          metadata: { k: 'v' },
        },
      ]);
      expect((await call('GET', `/ipp/v1/sessions/${s1.session_id}`)).body.status).toBe('CANCELLED');
      expect((await call('GET', `/ipp/v1/sessions/${s2.session_id}`)).body.status).toBe('CREATED');
      // The open session still holds its device after the restart.
      expect((await call('POST', '/ipp/v1/sessions', sampleSession('device-pop-up-stand'))).status).toBe(409);
      expect((await call('PUT', '/ipp/v1/devices/device-counter-1', { name: 'x' })).status).toBe(404);
    });

    it('expires an open session across a restart when the clock has passed its expiry', async () => {
      let call = apiClient(await serve(env.open()));
      const s = (await call('POST', '/ipp/v1/sessions', sampleSession('device-counter-1'))).body;
      env.clock.advance(10 * 60_000);
      call = apiClient(await serve(await env.reopen()));
      const r = (await call('GET', `/ipp/v1/sessions/${s.session_id}`)).body;
      expect([r.status, r.history.at(-1).at]).toEqual(['EXPIRED', s.expires_at]);
    });

    it('seeds the sample devices once: deregistered ones stay gone after a restart', async () => {
      const core = env.open();
      core.ipp.devices.remove('device-counter-1');
      const again = await env.reopen();
      expect(again.ipp.devices.listAll().map((d) => d.id)).toEqual(['device-pop-up-stand']);
    });
  });
});
