import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ExploreStatus } from '@shared/schemas/explore.schema';
import { startTestMerchant, type TestMerchant } from '../explore/test-kit/test-merchant';
import { bootedSim, SIM_CREDENTIALS } from '../test-kit/booted-sim';

/*
 * The explore operation through `/test_helpers/explore` (the console invokes the same handlers): a run
 * against a merchant with one bug finds it, names the invariant, hands back a scenario and the order of its
 * shrunk replay; one run at a time; bad input is a 400 naming the field.
 */

let sim: Awaited<ReturnType<typeof bootedSim>>;
let buggy: TestMerchant;
const auth = `Basic ${Buffer.from(`${SIM_CREDENTIALS.username}:${SIM_CREDENTIALS.password}`).toString('base64')}`;

beforeAll(async () => {
  sim = await bootedSim();
  buggy = await startTestMerchant({
    api: sim.urls.api,
    credentials: SIM_CREDENTIALS,
    bug: 'country_callback',
  });
});
afterAll(async () => {
  await buggy?.stop();
  await sim?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(sim.urls.api + path, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

/** Reads the run until `until` holds (the run's own progress is what moves it; no timer in the test). */
async function pollUntil(runId: string, until: (s: ExploreStatus) => boolean): Promise<ExploreStatus> {
  for (;;) {
    const s = (await call('GET', `/test_helpers/explore/${runId}`)).json as unknown as ExploreStatus;
    if (until(s)) return s;
    await new Promise((r) => setImmediate(r));
  }
}

describe('/test_helpers/explore', () => {
  it('refuses bad input with a 400 naming each field', async () => {
    const res = await call('POST', '/test_helpers/explore', {
      merchant_url: 'ftp://shop',
      runs: 0,
      parallel: 'two',
      config: { vary: { countries: ['Sweden'] } },
    });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.json);
    for (const field of ['merchant_url', 'runs', 'parallel', 'config.vary.countries[0]'])
      expect(text).toContain(field);
  });

  it('answers 404 for a run it does not know', async () => {
    const res = await call('GET', '/test_helpers/explore/xr_nope');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).toContain('NO_SUCH_EXPLORE_RUN');
  });

  it('finds the merchant’s bug, one run at a time, and stops when told', async () => {
    const start = await call('POST', '/test_helpers/explore', {
      merchant_url: buggy.base,
      runs: 200,
      seed: 36,
      parallel: 2,
      config: { vary: { countries: ['DK'], faults: [] } },
    });
    expect(start.status).toBe(201);
    const runId = start.json.run_id as string;
    expect(start.headers.get('location')).toBe(`/test_helpers/explore/${runId}`);
    expect(start.json.state).toBe('running');

    const second = await call('POST', '/test_helpers/explore', { runs: 1 });
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.json)).toContain('EXPLORE_RUNNING');

    await pollUntil(runId, (s) => s.findings.length > 0 || s.state !== 'running');
    expect((await call('POST', `/test_helpers/explore/${runId}/stop`)).status).toBe(200);
    const over = await pollUntil(runId, (s) => s.state !== 'running');
    expect(over.state).toBe('stopped');
    expect(over.progress.runs_done).toBeLessThan(200);
    const finding = over.findings[0]!;
    expect(finding.invariant).toBe('no_server_errors');
    expect(finding.sentence).toContain('broke no_server_errors');
    expect(parse(finding.scenario_yaml).expect).toContainEqual({ invariant: 'no_server_errors' });
    // The shrunk replay's order is one of this simulator's: the console opens it.
    expect(finding.order_ids).toHaveLength(1);
    expect((await call('GET', `/checkout/v3/orders/${finding.order_ids[0]}`)).status).toBe(200);
    // The console's operation answers what the route answers; without an id, the latest run.
    const viaApi = (await call('GET', `/test_helpers/explore/${runId}`)).json;
    expect(viaApi).toEqual(JSON.parse(JSON.stringify(await sim.control.invoke('explore.status', {}))));
    expect(viaApi.run_id).toBe(runId);
  }, 120_000);
});
