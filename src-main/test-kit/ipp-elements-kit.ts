// Test helpers shared by the elements and in-person tests (imported by *.test.ts files only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../core/create-core';
import { ManualClock } from '../core/clock';
import { silentLogger } from '../core/log';
import { openStore } from '../store/store';
import { afterEach, beforeEach } from 'vitest';
import { basic, tempCore } from './temp-core';
import type { HttpRequest } from '../http/router';
import type { App } from '../http/app';
import { providerApp } from '../http/provider/provider-app';

/** A request as the socket adapter would build it, with Basic auth and a JSON body when given. */
export function apiReq(
  method: string,
  target: string,
  body?: unknown,
  headers: Record<string, string> = {},
): HttpRequest {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const q = target.indexOf('?');
  return {
    method,
    path: q === -1 ? target : target.slice(0, q),
    search: q === -1 ? '' : target.slice(q + 1),
    headers: {
      host: 'sim.test',
      authorization: basic(),
      ...(text !== null ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: text === null ? null : Buffer.from(text),
  };
}

export const bodyOf = (r: { body?: string | null }) => JSON.parse(r.body ?? 'null');

/** A data folder whose core can be closed and opened again, as a restart would. */
export function reopenableCore() {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-reopen-'));
  const clock = new ManualClock();
  let core: Core | null = null;
  const open = (): Core =>
    (core = createCore({ ...openStore(join(dir, 'simulator.db')), clock, log: silentLogger }));
  return {
    clock,
    open,
    async reopen(): Promise<Core> {
      await core?.close();
      return open();
    },
    async dispose(): Promise<void> {
      await core?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A valid in-person session body for `deviceId`: two coffees and a bun, 12 % VAT. */
export function sampleSession(deviceId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    device_id: deviceId,
    order_amount: 11200,
    order_tax_amount: 1200,
    purchase_currency: 'SEK',
    order_items: [
      {
        name: 'Coffee',
        quantity: 2,
        unit_price: 3360,
        tax_rate: 1200,
        total_amount: 6720,
        total_tax_amount: 720,
      },
      {
        name: 'Bun',
        quantity: 1,
        unit_price: 4480,
        tax_rate: 1200,
        total_amount: 4480,
        total_tax_amount: 480,
      },
    ],
    merchant_reference1: 'POS-0001',
    ...over,
  };
}

/**
 * The provider app on a fresh temporary core for each test of the calling file, disposed after it:
 * `const t = providerAppPerTest();` then `t.app.handle(…)` and `t.env.core` inside the tests.
 */
export function providerAppPerTest(): { readonly env: ReturnType<typeof tempCore>; readonly app: App } {
  const t = {} as { env: ReturnType<typeof tempCore>; app: App };
  beforeEach(() => {
    t.env = tempCore();
    t.app = providerApp(t.env.core);
  });
  afterEach(() => t.env.dispose());
  return t;
}
