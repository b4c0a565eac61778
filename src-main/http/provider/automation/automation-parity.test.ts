import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlOps, type OpName } from '@shared/contract/control';
import { openApiDocument } from '../../openapi/document';
import { openApiPath } from '../../openapi/operation';
import { afterPurchaseEnv } from '../../../test-kit/after-purchase-env';
import { sampleSession } from '../../../test-kit/ipp-elements-kit';
import { providerApp } from '../provider-app';
import { AUTOMATION } from './coverage';
import { fieldOf, inputShape } from './op-input';
import { isConsoleOnly, isOpRoute, isOwnRoute, type OpRoute } from './route-table';

const OPS = Object.keys(controlOps) as OpName[];
const entries = Object.entries(AUTOMATION) as [OpName, (typeof AUTOMATION)[OpName]][];

describe('every operation of the control contract', () => {
  const documented = new Set<string>();
  beforeEach(() => {
    const doc = openApiDocument('provider');
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    ))
      for (const [method, op] of Object.entries(item))
        documented.add(`${method.toUpperCase()} ${path} ${op.operationId}`);
  });

  it('has an automation route or a documented reason to be console-only, and nothing else is listed', () => {
    const missing = OPS.filter((op) => !(op in AUTOMATION));
    expect(missing).toEqual([]);
    expect(entries.map(([op]) => op).filter((op) => !OPS.includes(op))).toEqual([]);
    for (const [op, entry] of entries) {
      if (isConsoleOnly(entry)) expect(entry.consoleOnly.length, op).toBeGreaterThan(30);
      else if (isOwnRoute(entry)) expect(entry.differs.length, op).toBeGreaterThan(30);
      else expect(entry.path.startsWith('/test_helpers/'), op).toBe(true);
    }
    // Only the console's own memory of its forms, and its way of acting as the merchant (a script calls the
    // provider API itself), stay out of reach.
    expect(entries.filter(([, e]) => isConsoleOnly(e)).map(([op]) => op)).toEqual([
      'ui.prefs.get',
      'ui.prefs.set',
      'merchant.request',
    ]);
  });

  it('is served by a route of the provider API, documented in /openapi.json under its kind', async () => {
    const env = await afterPurchaseEnv();
    try {
      const routes = new Set(
        providerApp(env.core)
          .router.routes()
          .map((r) => `${r.method} ${openApiPath(r.pattern)} ${r.kind}`),
      );
      for (const [op, entry] of entries) {
        if (isConsoleOnly(entry)) continue;
        const r = isOwnRoute(entry) ? entry.own : entry;
        const key = `${r.method} ${openApiPath(r.path)} ${r.kind}`;
        expect(routes.has(key), `${op}: route ${key}`).toBe(true);
        expect(documented.has(key), `${op}: documented ${key}`).toBe(true);
      }
    } finally {
      await env.close();
    }
  });

  it('reads the contract’s own input fields: each path parameter names one', () => {
    for (const [op, entry] of entries) {
      if (!isOpRoute(entry)) continue;
      const shape = inputShape(op);
      for (const m of entry.path.matchAll(/:(\w+)/g)) {
        expect(shape && fieldOf(shape, m[1]!) in shape, `${op}: :${m[1]} is no input field`).toBe(true);
      }
    }
  });
});

describe('a generated route answers what the console operation answers', () => {
  let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
  beforeEach(async () => {
    env = await afterPurchaseEnv(['notification']);
  });
  afterEach(() => env.close());

  /** Fills a route's path from sample ids, and the operation's input from the same. */
  function call(op: OpName, r: OpRoute, ids: Record<string, string>) {
    const shape = inputShape(op);
    const input: Record<string, string> = {};
    const path = r.path.replace(/:(\w+)/g, (_, name: string) => {
      input[fieldOf(shape, name)] = ids[name]!;
      return encodeURIComponent(ids[name]!);
    });
    return { path, input };
  }

  it('for every read (GET), given the same ids', async () => {
    await env.complete();
    const session = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    const client = env.core.elements.create(env.core.config.credentials.username, {
      name: 'Web shop',
      allowed_origins: ['https://shop.example'],
    });
    const ids: Record<string, string> = {
      order_id: env.id,
      session_id: session.session_id,
      device_id: 'device-counter-1',
      client_id: client.id,
      clock_id: env.core.testClocks.create({ name: 'parity' }).clock_id,
    };
    // Any exchange of the log (one that was not refused answers a null authorization).
    await env.api('GET', '/test_helpers/settings');
    ids.exchange_id = (await env.core.exchanges.list({ limit: 1 }))[0]!.id;
    let compared = 0;
    for (const [op, entry] of entries) {
      if (!isOpRoute(entry) || entry.method !== 'GET') continue;
      if (op === 'shipping.tracking.get') continue; // no shipment without the shipping assistant: 404 below
      // No explore run without a listening API: core/explore-handlers.test.ts compares its read.
      if (op === 'explore.status') continue;
      const { path, input } = call(op, entry, ids);
      const viaConsole = JSON.parse(JSON.stringify(await env.core.control.invoke(op, input)));
      const viaApi = await env.api('GET', path);
      expect(viaApi.status, `${op} ${path}`).toBe(200);
      expect(viaApi.body, `${op} ${path}`).toEqual(viaConsole);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(20);
    expect((await env.api('GET', `/test_helpers/checkout/orders/${env.id}/shipment`)).status).toBe(404);
  });

  it('for a change, with the same answer and the same refusal', async () => {
    const viaApi = await env.api('PUT', '/test_helpers/settings', { upsell_enabled: true });
    expect(viaApi.body).toEqual(await env.core.control.invoke('settings.get', {}));
    const bad = await env.api('PUT', '/test_helpers/settings', { callback_timeout_ms: 0 });
    expect([bad.status, bad.body.error_code]).toEqual([400, 'BAD_VALUE']);
    await expect(env.core.control.invoke('settings.update', { callback_timeout_ms: 0 })).rejects.toThrow(
      /callback_timeout_ms/,
    );
    expect(bad.body.error_messages.join()).toMatch(/^callback_timeout_ms: /);
  });

  it('names a bad query parameter as the console names the field', async () => {
    const r = await env.api('GET', '/test_helpers/checkout/orders?limit=0&status=lost');
    expect(r.status).toBe(400);
    expect(r.body.error_messages).toEqual([
      expect.stringMatching(/^status: /),
      expect.stringMatching(/^limit: must be at least 1/),
    ]);
  });
});
