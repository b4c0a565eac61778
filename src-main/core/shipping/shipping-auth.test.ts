import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';

let env: ShippingEnv;
afterEach(() => env?.close());

describe('auth: digest, bearer and media types', () => {
  it('POST /auth carries identifier, a fresh nonce and digest = hex sha256(nonce + key); calls carry the bearer', async () => {
    env = await shippingEnv();
    await env.toAddress();
    env.tms.tokens.clear(); // a second POST /auth, to see a fresh nonce
    await env.core.steps.country(env.id, { country: 'SE' });
    const auths = env.tms.to('POST /auth');
    expect(auths).toHaveLength(2);
    const nonces = new Set<string>();
    for (const a of auths) {
      const body = a.json as { identifier: string; secret: { nonce: string; digest: string } };
      expect(body.identifier).toBe('stub-merchant');
      expect(body.secret.digest).toBe(
        createHash('sha256')
          .update(body.secret.nonce + 'stub-key-0123456789')
          .digest('hex'),
      );
      expect(a.headers['content-type']).toBe(INTEGRATOR_MEDIA_TYPES.auth);
      expect(a.headers.authorization).toBeUndefined();
      nonces.add(body.secret.nonce);
    }
    expect(nonces.size).toBe(auths.length);
    const call = env.tms.to('POST /shippingoptions')[0]!;
    expect(call.headers.authorization).toBe('Bearer tok-1');
    expect(call.headers['content-type']).toBe(INTEGRATOR_MEDIA_TYPES.options);
  });

  it('reuses the token: one POST /auth for many calls', async () => {
    env = await shippingEnv();
    await env.toAddress();
    await env.core.steps.country(env.id, { country: 'SE' });
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(3);
    expect(env.tms.to('POST /auth')).toHaveLength(1);
  });

  it('on a 401 it re-authenticates once and repeats the call once', async () => {
    env = await shippingEnv();
    await env.toAddress();
    env.tms.tokens.clear(); // the integrator forgot every token (expiry)
    const r = await env.core.steps.country(env.id, { country: 'SE' });
    expect(env.tms.to('POST /auth')).toHaveLength(2);
    const calls = env.tms.to('POST /shippingoptions');
    expect(calls.slice(-2).map((c) => c.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(env.session().state.shipping?.source).toBe('integrator');
    const kinds = (await env.exchanges())
      .filter((e) => r.exchange_ids.includes(e.id))
      .map((e) => [e.kind, e.outcome]);
    expect(kinds).toEqual([
      ['shipping.options', 'token_refused'],
      ['shipping.auth', 'token_issued'],
      ['shipping.options', 'options:2'],
    ]);
  });

  it('a token refused again after the re-auth is a fallback, not a loop', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', { status: 401 });
    await env.core.steps.country(env.id, { country: 'SE' });
    expect(env.tms.to('POST /auth')).toHaveLength(2);
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(2);
    const sh = env.session().state.shipping!;
    expect([sh.source, sh.fallback_cause]).toEqual(['fallback', 'unauthorized']);
  });

  it('wrong credentials: fallback with a reason that says to check them', async () => {
    env = await shippingEnv();
    const sh = await env.countryWith({ key: 'not-the-key' });
    expect([sh.source, sh.fallback_cause]).toEqual(['fallback', 'unauthorized']);
    expect(sh.reason).toMatch(/401.*identifier and key/);
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(0);
    expect(env.session().state.shipping_options.map((o) => o.id)).toEqual(['std', 'exp']);
  });
});
