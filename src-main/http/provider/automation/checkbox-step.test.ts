import { afterEach, expect, it } from 'vitest';
import { apiClient } from '../../../test-kit/after-purchase-env';
import { FULL_ADDRESS } from '../../../test-kit/session-env';
import { sampleOrder, tempCore } from '../../../test-kit/temp-core';
import { appServer, close, listen } from '../../serve';
import { providerApp } from '../provider-app';

/* The additional checkboxes from automation: an order with a required box can be completed from /test_helpers. */

let done: (() => Promise<void>) | null = null;
afterEach(async () => {
  await done?.();
  done = null;
});

it('PUT …/checkbox answers the box, and the complete step waits for a required one', async () => {
  const env = tempCore();
  const server = appServer(providerApp(env.core));
  const api = apiClient(`http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`);
  done = async () => {
    await close(server);
    await env.dispose();
  };
  const created = await api(
    'POST',
    '/test_helpers/checkout/orders',
    sampleOrder({
      options: {
        additional_checkboxes: [{ id: 'age', text: 'I am over 18', checked: false, required: true }],
      },
    }),
  );
  const id = (created.body as { order_id: string }).order_id;
  const order = `/test_helpers/checkout/orders/${id}`;
  await api('POST', `${order}/address`, { billing_address: FULL_ADDRESS });

  const blocked = await api('POST', `${order}/complete`);
  expect(blocked.status).toBe(409);
  expect(JSON.stringify(blocked.body)).toContain('CHECKBOX_REQUIRED');

  const bad = await api('PUT', `${order}/checkbox`, { key: 'age', checked: 'yes' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('checked');

  const set = await api('PUT', `${order}/checkbox`, { key: 'age', checked: true });
  expect(set.status).toBe(200);
  expect((set.body as { checkboxes: unknown[] }).checkboxes).toEqual([
    { key: 'age', text: 'I am over 18', required: true, checked: true },
  ]);
  const paid = await api('POST', `${order}/complete`);
  expect(paid.status).toBe(200);
  const read = await api('GET', `/checkout/v3/orders/${id}`);
  expect((read.body as { merchant_requested: unknown }).merchant_requested).toEqual({
    additional_checkboxes: [{ id: 'age', checked: true }],
  });
});
