import { callApi } from './api-helpers';
import { expect, serverFixture, test as simTest } from './fixtures';
import { basicAuth, BILLING, createOrder, SAMPLE_ORDER } from './helpers';
import { startLoopbackServer } from './loopback-server';

/**
 * A merchant's server for push and notification: it answers every push 200 at once (as the spec says) and,
 * once `acknowledge` is switched on, then fetches the order and acknowledges it with Basic auth.
 */
export interface PushMerchant {
  url: string;
  acknowledge: boolean;
  pushes: string[];
  notifications: Array<Record<string, unknown>>;
  /** Statuses of the acknowledge calls the stub made. */
  acks: number[];
  close(): Promise<void>;
}

export async function startPushMerchant(api: string): Promise<PushMerchant> {
  const stub: PushMerchant = {
    url: '',
    acknowledge: false,
    pushes: [],
    notifications: [],
    acks: [],
    close: () => Promise.resolve(),
  };
  const omCall = (method: string, path: string, body?: unknown) =>
    fetch(`${api}/ordermanagement/v1/orders/${path}`, {
      method,
      headers: { authorization: basicAuth(), 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const server = await startLoopbackServer((req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (url.pathname === '/notification') stub.notifications.push(JSON.parse(raw || '{}'));
    if (url.pathname !== '/push') return;
    const orderId = url.searchParams.get('order_id') ?? '';
    stub.pushes.push(orderId);
    if (!stub.acknowledge) return;
    // After the 200: fetch the order, write the shop's order number back, acknowledge (push rules 2, 3, 5).
    void omCall('GET', orderId)
      .then(() => omCall('PATCH', `${orderId}/merchant-references`, { merchant_reference1: 'SHOP-1001' }))
      .then(() => omCall('POST', `${orderId}/acknowledge`))
      .then((r) => stub.acks.push(r.status));
  });
  stub.url = server.url;
  stub.close = server.close;
  return stub;
}

/** Creates an order pushing to the stub and plays the customer to a completed purchase; returns its id. */
export async function completedOrder(
  api: string,
  stub: PushMerchant,
  opts: { fraud?: 'PENDING'; notification?: boolean } = {},
): Promise<string> {
  const order = await createOrder(api, {
    ...SAMPLE_ORDER,
    merchant_urls: {
      ...SAMPLE_ORDER.merchant_urls,
      push: `${stub.url}/push?order_id={checkout.order.id}`,
      ...(opts.notification ? { notification: `${stub.url}/notification` } : {}),
    },
  });
  const id = String(order.order_id);
  const address = await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
    billing_address: BILLING,
  });
  expect(address.status, JSON.stringify(address.json)).toBe(200);
  const done = await callApi(
    api,
    'POST',
    `/test_helpers/checkout/orders/${id}/complete`,
    opts.fraud ? { fraud_status: opts.fraud } : undefined,
  );
  expect(done.json.outcome, JSON.stringify(done.json)).toBe('completed');
  return id;
}

/** The browser tests' `test` with a push merchant of the test's own (`pushMerchant`), closed after it. */
export const test = simTest.extend<{ pushMerchant: PushMerchant }>({
  pushMerchant: serverFixture(startPushMerchant),
});

export { expect };
