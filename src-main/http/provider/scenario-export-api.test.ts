import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import { basic, sampleOrder } from '../../test-kit/temp-core';
import { FULL_ADDRESS, OPTIONS, sessionEnv } from '../../test-kit/session-env';
import { sampleSession } from '../../test-kit/ipp-elements-kit';
import { parse } from 'yaml';
import { ScenarioSchema } from '@shared/schemas/scenario.schema';
import { publishedSchemaProblems } from '../../test-kit/published-schema';
import { providerApp } from './provider-app';

let env: Awaited<ReturnType<typeof sessionEnv>> | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const request = (method: string, path: string, body?: unknown) => ({
  method,
  path,
  search: '',
  headers: {
    host: 'sim.test',
    authorization: basic(),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  body: body === undefined ? null : Buffer.from(JSON.stringify(body)),
});
/** A file as `checkout-sim run` reads it: YAML, valid against the scenario schema and the published one. */
const parseScenario = (text: string) => {
  expect(publishedSchemaProblems(text)).toEqual([]);
  return ScenarioSchema.parse(parse(text));
};
const invoke = (op: string, input: unknown) => env!.core.control.invoke(op, input);
const save = async (orderId: string) =>
  (await invoke('scenarios.export', { orderId })) as { file_name: string; yaml: string };

describe('an order saved as a scenario (issue #27 point 1)', () => {
  it('holds the order as the merchant made it, each step with its input, the clock moves and what happened', async () => {
    const e = (env = await sessionEnv(['address_update', 'validation']));
    // The merchant creates the order through the checkout API (the log keeps its body), with the
    // password in its own data, where an export that copied it would show it.
    const body = sampleOrder({
      merchant_urls: e.order.merchant_urls,
      merchant_data: `note ${DEFAULT_CREDENTIALS.password}`,
      shipping_options: OPTIONS,
    });
    const created = await providerApp(e.core).handle(request('POST', '/checkout/v3/orders', body));
    expect(created.status).toBe(201);
    const id = (JSON.parse(String(created.body)) as { order_id: string }).order_id;
    e.stub.on(`/address_update/${id}`, { status: 200, body: {} });
    await invoke('session.address', { orderId: id, input: { billing_address: FULL_ADDRESS } });
    e.clock.advance(90_000);
    await invoke('session.shippingOption', { orderId: id, input: { id: 'exp' } });
    await invoke('session.complete', { orderId: id, input: { fraud_status: 'PENDING' } });

    const file = await save(id);
    expect(file.file_name).toBe(`journey-${id.slice(0, 8)}.yaml`);
    const { yaml } = file;
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=\.\.\/docs\/scenario\.schema\.json\n/);
    // Credentials and the customer's token never appear.
    expect(yaml).not.toContain(DEFAULT_CREDENTIALS.password);
    expect(yaml).not.toContain(e.core.tokens.tokenOf(id));

    const s = parseScenario(yaml);
    expect(s.name).toContain(id.slice(0, 8));
    expect(s.description).toContain(id);
    // merchant_urls as paths on the merchant the order points at; other hosts' kept whole.
    expect(s.order?.merchant_urls).toMatchObject({
      push: '/push?order={checkout.order.id}',
      address_update: '/address_update/{checkout.order.id}',
      terms: 'https://example.com/terms',
    });
    // The body as the merchant sent it, not the order as it ended (with its shipping fee).
    const { merchant_urls: _urls, ...sent } = body;
    expect(s.order?.create).toEqual({ ...sent, merchant_data: 'note ********' });
    expect(s.steps).toEqual([
      { address: { billing_address: expect.objectContaining({ given_name: FULL_ADDRESS.given_name }) } },
      // 90 s of the customer's reading before the purchase: whole minutes.
      { advance: '2m' },
      { shipping_option: 'exp' },
      { complete: { fraud_status: 'PENDING' } },
    ]);
    expect(s.expect).toEqual(
      expect.arrayContaining([
        { callback: { name: 'address_update', status: '2xx' } },
        { step: { name: 'address', outcome: 'applied' } },
        { step: { name: 'complete', outcome: 'completed' } },
        { order_management: { status: 'AUTHORIZED', fraud_status: 'PENDING' } },
      ]),
    );
    // The settings that differ from the defaults; no empty keys, no faults when none applied.
    expect(s.settings).toEqual({ callback_timeout_ms: 2000 });
    expect(yaml).not.toMatch(/: \[\]|: \{\}|faults:/);
    expect(yaml).toContain('# seen: answered 200');

    // An order the log has no create request of: the document as it is, less what the service fills in.
    const fallback = parseScenario((await save(e.id)).yaml);
    expect(fallback.order?.create).not.toHaveProperty('html_snippet');
    expect(fallback.order?.create).not.toHaveProperty('order_id');
  });

  it('answers the file on the automation API, and 404 in the API’s error shape for an unknown order', async () => {
    const e = (env = await sessionEnv([]));
    const app = providerApp(e.core);
    const get = (id: string) => app.handle(request('GET', `/test_helpers/checkout/orders/${id}/scenario`));
    const ok = await get(e.id);
    expect(ok.status).toBe(200);
    expect(ok.headers?.['Content-Type']).toBe('application/yaml; charset=utf-8');
    expect(ok.headers?.['Content-Disposition']).toContain(`journey-${e.id.slice(0, 8)}.yaml`);
    expect(String(ok.body)).toContain('name: Saved journey of order');

    const missing = await get('no-such-order');
    expect(missing.status).toBe(404);
    expect(JSON.parse(String(missing.body))).toMatchObject({ error_code: 'NOT_FOUND' });
  });

  it('saves an in-person session: its device, the session the merchant sent, the terminal steps (no longer 409 NOT_EXPORTABLE)', async () => {
    const e = (env = await sessionEnv([]));
    const device = e.core.ipp.devices.add({ name: 'Counter 1', platform: 'android' });
    const session = e.core.ipp.sessions.create(sampleSession(device.id));
    e.clock.advance(30_000);
    e.core.ipp.sessions.decline(session.session_id, 'insufficient funds');
    const file = await save(session.session_id);
    expect(file.file_name).toBe(`session-${session.session_id.slice(0, 8)}.yaml`);
    const s = parseScenario(file.yaml);
    expect(s.in_person?.device).toEqual({ name: 'Counter 1', platform: 'android' });
    expect(s.steps).toEqual([{ advance: '30s' }, { terminal: { decline: 'insufficient funds' } }]);
    const res = await providerApp(e.core).handle(
      request('GET', `/test_helpers/checkout/orders/${session.session_id}/scenario`),
    );
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('cause: terminal.decline');
  });
});
