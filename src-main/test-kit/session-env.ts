import { SAMPLE_ADDRESS } from '@shared/samples/samples';
import { MerchantStub } from './merchant-stub';
import { sampleOrder, tempCore } from './temp-core';
import { SimFailure } from '../core/errors';

export const FULL_ADDRESS = { ...SAMPLE_ADDRESS };

export const OPTIONS = [
  {
    id: 'std',
    name: 'Standard',
    price: 4900,
    tax_amount: 980,
    tax_rate: 2500,
    preselected: true,
    shipping_method: 'Home',
  },
  { id: 'exp', name: 'Express', price: 9900, tax_amount: 1980, tax_rate: 2500, shipping_method: 'Home' },
];

/**
 * A core, a merchant stub over a real socket, and an order whose callbacks point at the stub. `runtime`:
 * what the shell would say about itself (its listeners' URLs), as tempCore takes it.
 */
export async function sessionEnv(
  callbacks: string[],
  over: Record<string, unknown> = {},
  runtime?: Parameters<typeof tempCore>[1],
) {
  const env = tempCore(undefined, runtime);
  const stub = await new MerchantStub().start();
  const urls: Record<string, string> = {
    terms: 'https://example.com/terms',
    checkout: 'https://example.com/checkout',
    confirmation: 'https://example.com/confirmation',
    push: stub.url('/push?order={checkout.order.id}'),
  };
  for (const key of callbacks) urls[key] = stub.url(`/${key}/{checkout.order.id}`);
  env.core.settings.update({ callback_timeout_ms: 2000 });
  const order = env.core.orders.create(sampleOrder({ merchant_urls: urls, ...over }));
  return {
    ...env,
    stub,
    order,
    id: order.order_id,
    /** The stub path of a callback for this order. */
    path: (key: string) => `/${key}/${order.order_id}`,
    async close() {
      await stub.stop();
      await env.dispose();
    },
  };
}

/** The refusal a promise ends in, as `{kind, code, message}`; a test fails if it does not fail. */
export async function failureOf(
  p: Promise<unknown>,
): Promise<{ kind: string; code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof SimFailure) return { kind: e.kind, code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}
