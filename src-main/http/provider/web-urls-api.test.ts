import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK_KEYS } from '@shared/schemas/checkout-order.schema';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';
import { sampleOrder } from '../../test-kit/temp-core';

// Every URL the merchant gives is a web address: a javascript: terms link would run in the checkout's
// origin when the customer clicks it, a javascript: confirmation in the merchant's page.
const EVIL = 'javascript:alert(document.domain)';
const RULE = 'must be an absolute http:// or https:// URL';
let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
beforeEach(async () => {
  env = await afterPurchaseEnv();
});
afterEach(() => env.close());

const urls = {
  terms: 'https://shop.example/terms',
  checkout: 'https://shop.example/checkout',
  confirmation: 'https://shop.example/confirmation?id={checkout.order.id}',
  push: 'https://shop.example/push?id={checkout.order.id}',
};

describe('URLs a merchant gives', () => {
  it.each(['terms', 'checkout', 'confirmation', 'cancellation_terms', ...CALLBACK_KEYS])(
    'refuses a javascript: merchant_urls.%s at create and update (400 naming it)',
    async (key) => {
      const create = await env.api(
        'POST',
        '/checkout/v3/orders',
        sampleOrder({ merchant_urls: { ...urls, [key]: EVIL } }),
      );
      expect([create.status, create.body.error_code]).toEqual([400, 'BAD_VALUE']);
      expect(create.body.error_messages).toContain(`merchant_urls.${key}: ${RULE}`);
      const update = await env.api('POST', `/checkout/v3/orders/${env.id}`, {
        merchant_urls: { ...urls, [key]: 'data:text/html,x' },
      });
      expect(update.status).toBe(400);
      expect(update.body.error_messages).toContain(`merchant_urls.${key}: ${RULE}`);
    },
  );

  it("refuses an order line's product_url or image_url that is not a web address", async () => {
    const order = sampleOrder({ merchant_urls: urls }) as { order_lines: Record<string, unknown>[] };
    order.order_lines[0]!.product_url = EVIL;
    order.order_lines[0]!.image_url = 'file:///etc/passwd';
    const r = await env.api('POST', '/checkout/v3/orders', order);
    expect(r.status).toBe(400);
    expect(r.body.error_messages).toEqual(
      expect.arrayContaining([`order_lines[0].product_url: ${RULE}`, `order_lines[0].image_url: ${RULE}`]),
    );
  });

  it('refuses a shipping_info tracking_uri or return_tracking_uri that is not a web address', async () => {
    await env.complete();
    const O = `/ordermanagement/v1/orders/${env.id}`;
    const bad = await env.api('POST', `${O}/shipping-info`, {
      shipping_info: [{ tracking_uri: EVIL, return_tracking_uri: 'vbscript:x' }],
    });
    expect([bad.status, bad.body.error_code]).toEqual([400, 'BAD_VALUE']);
    expect(bad.body.error_messages).toEqual([
      `shipping_info[0].tracking_uri: ${RULE}`,
      `shipping_info[0].return_tracking_uri: ${RULE}`,
    ]);
    const ok = await env.api('POST', `${O}/shipping-info`, {
      shipping_info: [{ tracking_uri: 'https://t.example/1' }],
    });
    expect(ok.status).toBe(204);
  });
});
