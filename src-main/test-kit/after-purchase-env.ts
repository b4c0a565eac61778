// Test helpers for after-purchase tests (imported by *.test.ts files only): a core whose provider API
// listens on a real loopback socket, a merchant stub, and an order completed against them.
import { afterEach, beforeEach } from 'vitest';
import type { Listener } from '../http/serve';
import { join } from 'node:path';
import type { Fired } from '@shared/schemas/clock.schema';
import { SimClock } from '../core/clock/sim-clock';
import { createCore, type Core } from '../core/create-core';
import { silentLogger } from '../core/log';
import { consoleControl } from '../http/console-control';
import { providerApp } from '../http/provider/provider-app';
import { openStore } from '../store/store';
import { appServer, close, listen } from '../http/serve';
import { TEST_HTTP_SERVER } from './http-servers';
import { FULL_ADDRESS, sessionEnv } from './session-env';
import { basic } from './temp-core';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
  body: any;
}

/** An HTTP client for the simulator's provider API, with Basic auth and JSON bodies. */
export function apiClient(base: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: basic(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : null };
  };
}

/**
 * sessionEnv plus the provider API on a socket: `api` calls it; `complete()` plays address and pay;
 * `drain()` advances the clock event by event until nothing fires any more.
 */
export async function afterPurchaseEnv(callbacks: string[] = [], over: Record<string, unknown> = {}) {
  const env = await sessionEnv(callbacks, over);
  const app = providerApp(env.core);
  const server: Listener = appServer(app, { http: TEST_HTTP_SERVER });
  // The console's control: its calls as the merchant go through this provider API, as in the shells.
  const control = consoleControl(env.core, (call) => app.handle(call));
  const base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
  const api = apiClient(base);
  return {
    ...env,
    base,
    api,
    control,
    async complete(input: Record<string, unknown> = {}) {
      await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
      const done = await env.core.steps.complete(env.id, input);
      if (done.outcome !== 'completed') throw new Error(`completion failed: ${done.message}`);
      return done;
    },
    /** Advances to the next event until none is left; returns every timer that fired, in order. */
    async drain(): Promise<Fired[]> {
      const fired: Fired[] = [];
      for (;;) {
        const r = await env.core.clockControl.advance({ until: 'next_event' });
        if (r.fired_total === 0) return fired;
        fired.push(...r.fired);
      }
    },
    async close() {
      await close(server);
      await env.close();
    },
  };
}

/** A core on the simulator clock in `dir`, as the shells build it (manual mode on a fresh folder). */
export function simClockCore(dir: string): Core {
  const store = openStore(join(dir, 'simulator.db'));
  return createCore({
    ...store,
    clock: new SimClock(store.db, { initialMode: 'manual' }),
    log: silentLogger,
  });
}

/**
 * For each test of the calling file, a completed order over a real loopback socket, closed after it:
 * `t.env` is its environment and `t.O` its order-management path.
 */
export function completedOrderPerTest(): {
  readonly env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
  readonly O: string;
} {
  const t = { O: '' } as { env: Awaited<ReturnType<typeof afterPurchaseEnv>>; O: string };
  beforeEach(async () => {
    t.env = await afterPurchaseEnv();
    await t.env.complete();
    t.O = `/ordermanagement/v1/orders/${t.env.id}`;
  });
  afterEach(() => t.env.close());
  return t;
}
