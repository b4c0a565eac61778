import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS } from '@shared/samples/samples';
import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import { authBody } from '../core/test-kit/integrator-fixtures';
import { bootOptions } from '../test-kit/booted-sim';
import { sampleOrder } from '../test-kit/temp-core';
import { boot, type Booted } from './boot';

// A whole run with secrets of every kind (the merchant's credentials, a wrong password sent by mistake,
// the integrator's key and its bearer token, the customer's token), then every byte the simulator wrote
// (both SQLite files and their -wal) and the log as the console's HAR download reads it: no secret, in
// clear or in the Basic header's base64, may be anywhere, but for the two simulator.db keeps as state.
const USER = 'merchant-7f3a';
const PASSWORD = 'Pw-9c1e-clear-secret';
const WRONG = 'Wrong-4d2b-typed-secret';
const basic = (p: string) => `Basic ${Buffer.from(`${USER}:${p}`).toString('base64')}`;

let sim: Booted;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sim-secrets-'));
  sim = await boot(bootOptions(dir, { config: { credentials: { username: USER, password: PASSWORD } } }));
});
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, body?: unknown, headers = {}) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: basic(PASSWORD), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, text };
}

/**
 * Plays the run; answers every secret it used, and those simulator.db must keep to work (the token an
 * order's snippet carries, the integrator's key its digests are checked with): state, not the log.
 */
async function journey(): Promise<{ secrets: string[]; state: string[] }> {
  const api = (m: string, p: string, b?: unknown, h = {}) => call(sim.urls.api, m, p, b, h);
  const created = await api('POST', '/checkout/v3/orders', sampleOrder());
  expect(created.status).toBe(201);
  const id = (JSON.parse(created.text) as { order_id: string }).order_id;
  const token = sim.core.tokens.tokenOf(id);
  // The customer's page reads its order with its token, as the iframe does.
  const view = await call(sim.urls.checkout, 'GET', `/kco/api/orders/${id}?token=${token}`);
  expect(view.status).toBe(200);
  await sim.core.steps.address(id, { billing_address: SAMPLE_ADDRESS });
  expect((await sim.core.steps.complete(id, {})).outcome).toBe('completed');
  expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).status).toBe(200);
  // A wrong password, then its sealed copy opened through /test_helpers (that answer is logged too).
  expect(
    (await api('GET', `/checkout/v3/orders/${id}`, undefined, { authorization: basic(WRONG) })).status,
  ).toBe(401);
  await sim.core.exchanges.flush();
  const refused = await api('POST', '/test_helpers/exchanges/search', { filter: { kind: 'auth' } });
  const exchangeId = (JSON.parse(refused.text) as { exchanges: { id: string }[] }).exchanges[0]!.id;
  const opened = await api('GET', `/test_helpers/exchanges/${exchangeId}/sent_authorization`);
  expect(opened.text).toContain(basic(WRONG));
  expect((await api('GET', '/test_helpers/app')).text).toContain(PASSWORD);
  // The integrator: a right digest (its token answer), and the key sent in clear by a confused client.
  const { identifier, key } = sim.core.integrator.credentials();
  const auth = { 'content-type': INTEGRATOR_MEDIA_TYPES.auth };
  const good = await call(sim.urls.integrator, 'POST', '/auth', authBody(identifier, key), auth);
  const bearer = (JSON.parse(good.text) as { token: string }).token;
  const clear = await call(sim.urls.integrator, 'POST', '/auth', { identifier, secret: key }, auth);
  expect(clear.status).toBe(400);
  const nested = await call(sim.urls.integrator, 'POST', '/auth', { identifier, secret: { key } }, auth);
  expect(nested.status).toBe(400);
  const broken = await call(
    sim.urls.integrator,
    'POST',
    '/auth',
    `{"identifier":"${identifier}","secret":"${key}"`,
    auth,
  );
  expect(broken.status).toBe(400);
  const secrets = [PASSWORD, WRONG, basic(PASSWORD).slice(6), basic(WRONG).slice(6), token, key, bearer];
  return { secrets, state: [token, key] };
}

describe('secrets never reach the log', () => {
  it('holds no secret of a whole run in the SQLite files, their WAL, or the HAR of the log', async () => {
    const { secrets, state } = await journey();
    // Everything the log shows (the console's HAR is made of these exchanges), kind test_helpers included.
    await sim.core.exchanges.flush();
    const pages: string[] = [];
    for (const kind of ['', 'test_helpers', 'integrator']) {
      const filter = kind ? { kind } : {};
      await sim.core.exchanges.flush();
      pages.push(
        (await call(sim.urls.api, 'POST', '/test_helpers/exchanges/search', { filter, limit: 500 })).text,
      );
    }
    const files = readdirSync(dir).filter((f) => /\.db(-wal)?$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['simulator.db', 'exchanges.db']));
    const bytes = files.map((f) => [f, readFileSync(join(dir, f)).toString('latin1')] as const);
    const found: string[] = [];
    for (const s of secrets) {
      for (const [f, text] of bytes) {
        const kept = f.startsWith('simulator.db') && state.includes(s);
        if (!kept && text.includes(s)) found.push(`${s} in ${f}`);
      }
      pages.forEach((p, i) => p.includes(s) && found.push(`${s} in log page ${i}`));
    }
    expect(found).toEqual([]);
  });
});
