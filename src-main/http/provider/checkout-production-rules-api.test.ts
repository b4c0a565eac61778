import { describe, expect, it } from 'vitest';
import { apiReq, providerAppPerTest } from '../../test-kit/ipp-elements-kit';
import { sampleOrder } from '../../test-kit/temp-core';

// With the production TLS rules on, a callback URL that is not https is refused where the merchant sends
// it (create, update) in the checkout API's error shape, instead of the order being made and its first
// call failing. Off (the default) the order is made and carries the warning.
const t = providerAppPerTest();

const call = async (method: string, path: string, body?: unknown) => {
  const r = await t.app.handle(apiReq(method, path, body));
  return { status: r.status, body: JSON.parse(r.body ?? 'null') };
};
const urls = (over: Record<string, string>) => ({
  terms: 'https://shop.example/terms',
  checkout: 'https://shop.example/checkout',
  confirmation: 'https://shop.example/ok',
  push: 'https://shop.example/push',
  ...over,
});

describe('production TLS rules at create and update', () => {
  it('on: create refuses each non-https callback URL, 400 BAD_VALUE naming the field', async () => {
    t.env.core.settings.update({ production_tls_rules: true });
    const r = await call(
      'POST',
      '/checkout/v3/orders',
      sampleOrder({
        merchant_urls: urls({ push: 'http://shop.example/push', validation: 'http://shop.example/v' }),
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error_code).toBe('BAD_VALUE');
    expect(r.body.error_messages).toEqual([
      'merchant_urls.push: must be an https URL (the production TLS rules are on)',
      'merchant_urls.validation: must be an https URL (the production TLS rules are on)',
    ]);
    expect(typeof r.body.correlation_id).toBe('string');
    const ok = await call('POST', '/checkout/v3/orders', sampleOrder({ merchant_urls: urls({}) }));
    expect(ok.status).toBe(201);
  });

  it('on: update refuses a non-https callback URL it sends; an update without URLs goes through', async () => {
    const made = await call('POST', '/checkout/v3/orders', sampleOrder({ merchant_urls: urls({}) }));
    const path = `/checkout/v3/orders/${made.body.order_id}`;
    t.env.core.settings.update({ production_tls_rules: true });
    const bad = await call('POST', path, {
      merchant_urls: urls({ country_change: 'http://shop.example/cc' }),
    });
    expect([bad.status, bad.body.error_code, bad.body.error_messages]).toEqual([
      400,
      'BAD_VALUE',
      ['merchant_urls.country_change: must be an https URL (the production TLS rules are on)'],
    ]);
    expect((await call('POST', path, { merchant_reference1: 'R-2' })).status).toBe(200);
  });

  it('off (the default): the order is made and carries the warning', async () => {
    expect(t.env.core.settings.get().production_tls_rules).toBe(false);
    const r = await call(
      'POST',
      '/checkout/v3/orders',
      sampleOrder({ merchant_urls: urls({ push: 'http://shop.example/push' }) }),
    );
    expect(r.status).toBe(201);
    const view = t.env.core.orders.load(r.body.order_id as string);
    expect(view?.state.warnings).toContain(
      'merchant_urls.push is not https: it would be refused in production',
    );
  });
});
