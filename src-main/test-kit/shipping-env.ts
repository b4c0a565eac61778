// A checkout session with the shipping assistant on, against an integrator stub or the built-in fake
// integrator, both over real loopback sockets (imported by *.test.ts files only).
import type { Core } from '../core/create-core';
import { integratorServer } from '../http/integrator/integrator-server';
import type { RuntimeInfo } from '../core/runtime-info';
import { close, type Listener } from '../http/serve';
import { reserve } from '../net/reserve';
import { TEST_HTTP_SERVER } from './http-servers';
import { IntegratorStub, STUB_IDENTIFIER, STUB_KEY } from './integrator-stub';
import { FULL_ADDRESS, OPTIONS, sessionEnv } from './session-env';

export interface ShippingEnvOptions {
  /** Merchant callbacks to register (they point at the merchant stub). */
  callbacks?: string[];
  /** Fields of the order body. */
  over?: Record<string, unknown>;
  timeoutMs?: number;
  /** 'stub' (default): the misbehaving-capable stub; 'fake': the built-in fake integrator. */
  integrator?: 'stub' | 'fake';
}

/**
 * The built-in fake integrator on a loopback port (what the shells' listeners serve): the port is bound
 * first, so the core can be given its URL (`runtime`), then `serve(core)` hands it to the core's server.
 */
export async function fakeIntegrator(): Promise<{
  base: string;
  /** A core's runtime naming this integrator (tempCore's and sessionEnv's `runtime`). */
  runtime: (dir: string) => RuntimeInfo;
  serve(core: Core): void;
  close(): Promise<void>;
}> {
  const socket = await reserve('127.0.0.1', 0);
  const base = `http://127.0.0.1:${socket.port}`;
  let server: Listener | null = null;
  return {
    base,
    runtime: (dir) => ({
      mode: 'browser',
      dataDir: dir,
      urls: { api: '', console: '', integrator: base, checkout: '', shop: '' },
    }),
    serve(core) {
      server = integratorServer(core, { http: TEST_HTTP_SERVER });
      socket.handTo(server);
    },
    close: () => (server ? close(server) : socket.close()),
  };
}

export async function shippingEnv(opts: ShippingEnvOptions = {}) {
  const fake = opts.integrator === 'fake' ? await fakeIntegrator() : null;
  const s = await sessionEnv(
    opts.callbacks ?? [],
    { shipping_options: OPTIONS, ...opts.over },
    fake?.runtime,
  );
  const tms = await new IntegratorStub().start();
  if (fake) {
    fake.serve(s.core);
    s.core.shipping.useBuiltInIntegrator();
    s.core.shipping.settings.update({ timeout_ms: opts.timeoutMs ?? 5000 });
  } else {
    s.core.shipping.settings.update({
      enabled: true,
      base_url: tms.base,
      identifier: STUB_IDENTIFIER,
      key: STUB_KEY,
      timeout_ms: opts.timeoutMs ?? 1000,
    });
  }
  return {
    ...s,
    tms,
    /** The session as stored now. */
    session: () => s.core.orders.load(s.id)!,
    /** This order's exchanges, oldest first, of one kind or all. */
    exchanges: async (kind?: string) =>
      (await s.core.exchanges.list({ orderId: s.id, ascending: true })).filter(
        (e) => !kind || e.kind === kind,
      ),
    /** The country step under these shipping settings; answers the session's shipping state after it. */
    countryWith: async (settings: Parameters<typeof s.core.shipping.settings.update>[0]) => {
      s.core.shipping.settings.update(settings);
      await s.core.steps.country(s.id, { country: 'SE' });
      return s.core.orders.load(s.id)!.state.shipping!;
    },
    /** Country (unchanged), then the full address: preview, then valid options. */
    toAddress: async () => {
      await s.core.steps.country(s.id, { country: 'SE' });
      return s.core.steps.address(s.id, { billing_address: FULL_ADDRESS });
    },
    async close() {
      await s.core.shipping.idle();
      await fake?.close();
      await tms.stop();
      await s.close();
    },
  };
}

export type ShippingEnv = Awaited<ReturnType<typeof shippingEnv>>;
