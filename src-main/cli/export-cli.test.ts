import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, serveBuilt, Spawned } from '../test-kit/built-cli';

const cli = (args: string[]) => runCli(spawned, args);
const serve = () => serveBuilt(spawned);

// Runs the built CLI as a user would, so `npm run build` must have run (npm test does it first).
const spawned = new Spawned('sim-export-');
afterEach(() => spawned.cleanup());

describe('checkout-sim export', () => {
  it('saves an order the simulator saw as a file that `checkout-sim run` passes against the same shop', async () => {
    const { api } = await serve();
    const out = spawned.tempDir();
    const report = join(out, 'first.json');
    const first = await cli([
      'run',
      'scenarios/push-acknowledged.yaml',
      '--api',
      api,
      '--reporter',
      `json=${report}`,
    ]);
    expect(first.code, first.stdout).toBe(0);
    const orderId = (JSON.parse(readFileSync(report, 'utf8')) as { scenarios: { order_id: string }[] })
      .scenarios[0]!.order_id;

    const file = join(out, 'saved.yaml');
    const saved = await cli([
      'export',
      orderId,
      '--api',
      api,
      '--user',
      'merchant',
      '--password',
      'secret',
      '--out',
      file,
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain(`saved ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# yaml-language-server: \$schema=/);
    expect(text).not.toContain('secret');

    // Without --out, the file on stdout.
    const printed = await cli(['export', orderId, '--api', api]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('name: Saved journey of order');

    const again = await cli(['run', file, '--api', api]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/^PASS Saved journey of order/m);
  }, 90_000);

  it('saves an in-person session (issue #27 point 1), which `checkout-sim run` passes again', async () => {
    const { api } = await serve();
    const auth = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(api + path, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return (await res.json()) as Record<string, string>;
    };
    await call('PUT', '/test_helpers/clock', { mode: 'manual' });
    const device = await call('POST', '/test_helpers/ipp/devices', {
      name: 'Counter 2',
      platform: 'android',
    });
    const item = {
      name: 'Tea',
      quantity: 1,
      unit_price: 2500,
      tax_rate: 0,
      total_amount: 2500,
      total_tax_amount: 0,
    };
    const session = await call('POST', '/ipp/v1/sessions', {
      device_id: device.id,
      order_amount: 2500,
      order_tax_amount: 0,
      purchase_currency: 'SEK',
      order_items: [item],
    });
    await call('POST', '/test_helpers/clock/advance', { seconds: 45 });
    await call('POST', `/test_helpers/ipp/sessions/${session.session_id}/tap_card`);

    const file = join(spawned.tempDir(), 'session.yaml');
    const saved = await cli(['export', session.session_id!, '--api', api, '--out', file]);
    expect(saved.code, saved.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('device: { name: Counter 2, platform: android }');
    expect(text).toContain(
      '- advance: 45s # seen: the next action 45s later\n  - terminal: tap_card # seen: FINALIZED at +45s',
    );
    expect(text).not.toContain('secret');
    const again = await cli(['run', file, '--api', api]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/^PASS Saved in-person session/m);
  }, 90_000);

  it('says what is wrong: no order id, no --api, an unknown order', async () => {
    const none = await cli(['export', '--api', 'http://127.0.0.1:9']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('export needs the order id');
    expect(none.stderr).toContain('Usage: checkout-sim export ORDER_ID --api URL');
    const noApi = await cli(['export', 'some-order']);
    expect(noApi.code).toBe(2);
    expect(noApi.stderr).toContain('export needs --api URL');
    const help = await cli(['export', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Saves an order's journey");

    const { api } = await serve();
    const unknown = await cli(['export', 'no-such-order', '--api', api]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/answered 404: NOT_FOUND order no-such-order was not found/);
  }, 60_000);
});
