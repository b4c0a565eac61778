import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../core/create-core';
import { simClockCore } from '../../test-kit/after-purchase-env';
import { apiReq, bodyOf } from '../../test-kit/ipp-elements-kit';
import { sampleOrder } from '../../test-kit/temp-core';
import { providerApp } from './provider-app';

let dir = '';
let core: Core | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-clock-api-'));
});
afterEach(async () => {
  await core?.close();
  core = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A core on the simulator clock, as the shells build it (manual on a fresh folder). */
function open(): Core {
  core = simClockCore(dir);
  return core;
}
async function call(c: Core, method: string, path: string, body?: unknown) {
  const r = await providerApp(c).handle(apiReq(method, path, body));
  return { status: r.status, body: bodyOf(r) };
}

describe('/test_helpers/clock', () => {
  it('reads, switches between manual and real (with a speed), and refuses bad input naming the field', async () => {
    const c = open();
    const got = await call(c, 'GET', '/test_helpers/clock');
    expect(got.body).toMatchObject({ mode: 'manual', speed: 1, next_event_at: null, pending_timers: 0 });
    expect(Date.parse(got.body.now)).toBeGreaterThan(0);
    const real = await call(c, 'PUT', '/test_helpers/clock', { mode: 'real', speed: 60 });
    expect(real.body).toMatchObject({ mode: 'real', speed: 60 });
    const manual = await call(c, 'PUT', '/test_helpers/clock', { mode: 'manual' });
    expect(manual.body).toMatchObject({ mode: 'manual', speed: 60 });
    await new Promise((r) => setTimeout(r, 20));
    expect((await call(c, 'GET', '/test_helpers/clock')).body.now).toBe(manual.body.now);
    for (const [body, message] of [
      [{ speed: 0 }, 'speed: must be at least 1'],
      [{ mode: 'fast' }, 'mode: '],
      [{}, 'give mode, speed or both'],
    ] as const) {
      const r = await call(c, 'PUT', '/test_helpers/clock', body);
      expect([r.status, r.body.error_code]).toEqual([400, 'BAD_VALUE']);
      expect(r.body.error_messages[0]).toContain(message);
    }
  });

  it('advances by seconds or to the next event, answering what fired', async () => {
    const c = open();
    const start = Date.parse((await call(c, 'GET', '/test_helpers/clock')).body.now);
    const none = await call(c, 'POST', '/test_helpers/clock/advance', { until: 'next_event' });
    expect(none.body).toMatchObject({ fired: [], fired_total: 0, next_event_at: null });
    expect(Date.parse(none.body.now)).toBe(start);
    const hour = await call(c, 'POST', '/test_helpers/clock/advance', { seconds: 3600 });
    expect(Date.parse(hour.body.now)).toBe(start + 3_600_000);
    const both = await call(c, 'POST', '/test_helpers/clock/advance', { seconds: 1, until: 'next_event' });
    const exactlyOne = '(body): give exactly one of seconds (a number) or until ("next_event")';
    expect([both.status, both.body.error_messages]).toEqual([400, [exactlyOne]]);
    const neither = await call(c, 'POST', '/test_helpers/clock/advance', {});
    expect([neither.status, neither.body.error_messages]).toEqual([400, [exactlyOne]]);
    const neg = await call(c, 'POST', '/test_helpers/clock/advance', { seconds: -1 });
    expect(neg.body.error_messages[0]).toBe('seconds: must be more than 0');
  });

  it('refuses a `__proto__` field, naming it, and takes nothing from inside it (found by tools/fuzz.mjs)', async () => {
    const c = open();
    const start = (await call(c, 'GET', '/test_helpers/clock')).body.now;
    const smuggled = await call(c, 'POST', '/test_helpers/clock/advance', { ['__proto__']: { seconds: 60 } });
    expect([smuggled.status, smuggled.body.error_messages[0]]).toEqual([
      400,
      '__proto__: is not a known field',
    ]);
    expect((await call(c, 'GET', '/test_helpers/clock')).body.now).toBe(start);
  });

  it('in real mode, advancing jumps the clock ahead and it keeps running', async () => {
    const c = open();
    await call(c, 'PUT', '/test_helpers/clock', { mode: 'real', speed: 1 });
    const before = Date.parse((await call(c, 'GET', '/test_helpers/clock')).body.now);
    const r = await call(c, 'POST', '/test_helpers/clock/advance', { seconds: 7200 });
    const after = Date.parse(r.body.now);
    expect(after - before).toBeGreaterThanOrEqual(7_200_000);
    expect(after - before).toBeLessThan(7_205_000);
    expect(r.body.mode).toBe('real');
  });

  it('keeps its mode, speed and time across a restart', async () => {
    const c = open();
    await call(c, 'PUT', '/test_helpers/clock', { speed: 5 });
    const r = await call(c, 'POST', '/test_helpers/clock/advance', { seconds: 86400 });
    await c.close();
    const again = open();
    expect((await call(again, 'GET', '/test_helpers/clock')).body).toMatchObject({
      mode: 'manual',
      speed: 5,
      now: r.body.now,
    });
  });
});

describe('/test_helpers/settings', () => {
  it('shows and changes the production TLS rules and upsell switches (both off by default)', async () => {
    const c = open();
    expect((await call(c, 'GET', '/test_helpers/settings')).body).toMatchObject({
      production_tls_rules: false,
      upsell_enabled: false,
    });
    const on = await call(c, 'PUT', '/test_helpers/settings', { production_tls_rules: true });
    expect(on.body.production_tls_rules).toBe(true);
    const bad = await call(c, 'PUT', '/test_helpers/settings', { upsell_enabled: 'yes' });
    expect(bad.body.error_messages).toEqual(['upsell_enabled: must be of type boolean, got string']);
  });
});

describe('the clock over the control contract', () => {
  it('answers clock.get, clock.set and clock.advance, and tells subscribers', async () => {
    const c = open();
    const seen: string[] = [];
    c.events.on('clock.changed', (v) => seen.push(v.mode));
    await c.control.invoke('clock.set', { mode: 'real', speed: 10 });
    const adv = (await c.control.invoke('clock.advance', { seconds: 60 })) as { fired_total: number };
    expect(adv.fired_total).toBe(0);
    expect(((await c.control.invoke('clock.get', {})) as { speed: number }).speed).toBe(10);
    expect(seen).toEqual(['real', 'real']);
    await expect(c.control.invoke('clock.advance', { until: 'tomorrow' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });

  it('comes back to the computer’s time after an advance; pending timers keep their simulator times', async () => {
    const c = open();
    c.orders.create(sampleOrder()); // its expiry is a pending timer, 48 hours ahead
    await call(c, 'POST', '/test_helpers/clock/advance', { seconds: 86_400 });
    const ahead = (await call(c, 'GET', '/test_helpers/clock')).body;
    expect(Date.parse(ahead.now) - Date.now()).toBeGreaterThan(86_000_000);

    const back = await call(c, 'POST', '/test_helpers/clock/back_to_now', {});
    expect(back.status).toBe(200);
    expect(back.body.moved_back_ms).toBeGreaterThan(86_000_000);
    expect(Math.abs(Date.parse(back.body.now) - Date.now())).toBeLessThan(60_000);
    expect(back.body).toMatchObject({
      mode: ahead.mode,
      next_event_at: ahead.next_event_at,
      pending_timers: ahead.pending_timers,
    });
    expect(back.body.message).toContain('1 pending timer keeps its simulator time');

    const again = await call(c, 'POST', '/test_helpers/clock/back_to_now', {});
    expect(again.body.moved_back_ms).toBe(0);
  });
});
