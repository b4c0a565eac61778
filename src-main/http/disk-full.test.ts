import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../core/create-core';
import { silentLogger } from '../core/log';
import { fullDiskCore, isDiskFull, sqliteFull } from '../test-kit/full-disk';
import { apiReq, bodyOf } from '../test-kit/ipp-elements-kit';
import { sampleOrder } from '../test-kit/temp-core';
import { ippErrorMapper } from './provider/ipp-errors';
import { integratorErrorMapper } from './integrator/integrator-errors';
import { providerApp } from './provider/provider-app';
import { startListeners, type Listeners } from './listen';
import { LOOPBACK_LISTENERS } from './test-kit/temp-listeners';
import type { ExchangeMeta } from './router';

/*
 * A full disk, made real with SQLite's max_page_count (test-kit/full-disk.ts). Each API answers 507
 * in its own error shape, naming the data folder; reads keep working.
 */

let env: ReturnType<typeof fullDiskCore>;
let core: Core;
let dir: string;
beforeEach(() => {
  env = fullDiskCore();
  ({ core, dir } = env);
});
afterEach(() => env.dispose());
const fillTheDisk = () => env.fill();

/**
 * Origins enough to take more than a page (4 KB): a row that size needs new pages, which a full file
 * cannot give (a small one may still fit in room left on a page, as on a real disk).
 */
const MANY_ORIGINS = Array.from({ length: 50 }, (_, i) => `https://shop-${i}-${'x'.repeat(80)}.example`);

const meta = (): ExchangeMeta => ({ kind: 'k', orderId: null, outcome: null, violations: [] });
const call = async (method: string, path: string, body?: unknown) => {
  const r = await providerApp(core).handle(apiReq(method, path, body));
  return { status: r.status, body: bodyOf(r) };
};

describe('a full disk', () => {
  it('is answered 507 by checkout, naming the data folder, while reads keep working', async () => {
    const before = await call('POST', '/checkout/v3/orders', sampleOrder());
    expect(before.status).toBe(201);
    fillTheDisk();
    const refused = await call('POST', '/checkout/v3/orders', sampleOrder());
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({
      error_code: 'DISK_FULL',
      error_messages: [expect.stringContaining(`the disk holding the data folder ${dir} is full`)],
      correlation_id: expect.any(String),
    });
    const read = await call('GET', `/checkout/v3/orders/${before.body.order_id}`);
    expect([read.status, read.body.order_id]).toEqual([200, before.body.order_id]);
  });

  it('is answered 507 by elements and /test_helpers in their shapes', async () => {
    fillTheDisk();
    const elements = await call('POST', '/elements/v1/clients/', {
      name: 'Web shop',
      allowed_origins: MANY_ORIGINS,
      placements: [{ key: 'product-page', content: ['express_button'] }],
    });
    expect(elements.status).toBe(507);
    expect(elements.body).toMatchObject({ code: 'DISK_FULL', additional_context: [] });
    expect(elements.body.message).toContain(dir);
    const helpers = await call('PUT', '/test_helpers/settings', { checkout_frame_origins: MANY_ORIGINS });
    expect(helpers.status).toBe(507);
    expect(helpers.body.error_code).toBe('DISK_FULL');
    expect((await call('GET', '/test_helpers/settings')).status).toBe(200);
  });

  it('is answered 507 by the control API over HTTP', async () => {
    const l: Listeners = await startListeners(core, LOOPBACK_LISTENERS);
    try {
      fillTheDisk();
      const r = await fetch(`${l.urls.console}/control/invoke/settings.update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkout_frame_origins: MANY_ORIGINS }),
      });
      expect(r.status).toBe(507);
      const out = (await r.json()) as { ok: boolean; error: { code: string; message: string } };
      expect([out.ok, out.error.code]).toEqual([false, 'DISK_FULL']);
      expect(out.error.message).toContain(dir);
    } finally {
      await l.close();
    }
  });

  it('is answered 507 by the in-person and integrator mappers, a bug still 500', () => {
    const full = sqliteFull();
    expect(isDiskFull(full)).toBe(true);
    const ipp = ippErrorMapper(silentLogger, core.disk)(full, meta());
    expect(ipp.status).toBe(507);
    expect(bodyOf(ipp)).toMatchObject({ status: 507, title: 'Insufficient storage' });
    expect(bodyOf(ipp).detail).toContain(dir);
    const integrator = integratorErrorMapper(silentLogger, core.disk)(full, meta());
    expect([integrator.status, bodyOf(integrator).failure_reason]).toEqual([507, 'DISK_FULL']);
    expect(ippErrorMapper(silentLogger, core.disk)(new Error('a bug'), meta()).status).toBe(500);
  });
});
