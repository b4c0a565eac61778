// A checkout session with the shipping assistant on, against an integrator stub or the built-in fake
// integrator, both over real loopback sockets (imported by *.test.ts files only).
import type { Core } from '../core/create-core';
import { integratorServer } from '../http/integrator/integrator-server';
import { close, listen } from '../http/serve';
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

/** The built-in fake integrator of a core on a loopback port (what the shells' listeners would serve). */
export async function fakeIntegrator(core: Core): Promise<{ base: string; close(): Promise<void> }> {
  const server = integratorServer(core, { http: TEST_HTTP_SERVER });
  const base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
  return { base, close: () => close(server) };
}

export async function shippingEnv(opts: ShippingEnvOptions = {}) {
  const s = await sessionEnv(opts.callbacks ?? [], { shipping_options: OPTIONS, ...opts.over });
  const tms = await new IntegratorStub().start();
  let fake: Awaited<ReturnType<typeof fakeIntegrator>> | null = null;
  if (opts.integrator === 'fake') {
    fake = await fakeIntegrator(s.core);
    s.shell.listening({
      info: {
        mode: 'browser',
        dataDir: s.dir,
        urls: { api: '', console: '', integrator: fake.base, checkout: '', shop: '' },
      },
    });
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
