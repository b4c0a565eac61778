import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import { junitProblems } from '../test-kit/junit-schema';
import { CLI, runCli, serveBuilt, Spawned } from '../test-kit/built-cli';

// Runs the built CLI as a user would, so `npm run build` must have run (npm test does it first).
const spawned = new Spawned('sim-run-');
afterEach(() => spawned.cleanup());
const tempDir = () => spawned.tempDir();
const cli = (args: string[]) => runCli(spawned, args);
const serve = () => serveBuilt(spawned);

describe('checkout-sim run', () => {
  it('passes the shipped examples against the sample shop of a simulator it starts, writing every report', async () => {
    const out = tempDir();
    const files = { junit: join(out, 'junit.xml'), html: join(out, 'r.html'), json: join(out, 'r.json') };
    const { code, stdout } = await cli([
      'run',
      'scenarios',
      ...Object.entries(files).flatMap(([k, f]) => ['--reporter', `${k}=${f}`]),
    ]);
    expect(code, stdout).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('PASS '))).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('  ✓ ')).length).toBeGreaterThanOrEqual(15);
    expect(lines).toContain(
      '  ✓ the cart after shipping_option_update has a shipping_fee line and 1 shipping_fee line — lines: physical tea-towel, physical wool-socks, shipping_fee express',
    );
    expect(stdout).toMatch(/^6 scenarios \(6 passed, 0 failed\); \d+ expectations \(\d+ met, 0 not met\)$/m);
    expect(await junitProblems(readFileSync(files.junit, 'utf8'))).toEqual([]);
    const report = ScenarioReportSchema.parse(JSON.parse(readFileSync(files.json, 'utf8')));
    expect(report.scenarios.every((s) => s.exchanges.length > 0 && s.order_id)).toBe(true);
    expect(readFileSync(files.html, 'utf8')).toContain('data-testid="push-timeline"');
  }, 120_000);

  it('fails with a clear line against a merchant that never acknowledges (--api, the shop’s switch on)', async () => {
    const sim = await serve();
    const switched = await fetch(`${sim.shop}/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'neverAcknowledge=on',
      redirect: 'manual',
    });
    expect(switched.status).toBe(303);
    const junit = join(tempDir(), 'junit.xml');
    const { code, stdout } = await cli([
      'run',
      'scenarios/push-acknowledged.yaml',
      '--api',
      sim.api,
      '--reporter',
      `junit=${junit}`,
    ]);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toContain(
      '  ✗ acknowledged within 10 min of the first push — expected POST …/acknowledge at most 10 min after the first push; seen not acknowledged 10 min after the first push; 2 push attempts (+0 ms 200, +5 min 200)',
    );
    expect(stdout).toMatch(
      /^FAIL Push acknowledged within 10 minutes \(scenarios\/push-acknowledged\.yaml\) · order /m,
    );
    const xml = readFileSync(junit, 'utf8');
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<failure type="expectation" message="expected POST …\/acknowledge at most 10 min/);
    // The scenario gave the simulator's clock back as it found it (real time).
    const clock = await fetch(`${sim.api}/test_helpers/clock`, {
      headers: { authorization: `Basic ${Buffer.from('merchant:secret').toString('base64')}` },
    });
    expect((await clock.json()).mode).toBe('real');
  }, 120_000);

  it('says so when the simulator at --api does not answer', async () => {
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));
    const { code, stderr } = await cli(['run', 'scenarios', '--api', `http://127.0.0.1:${port}`]);
    expect(code).toBe(1);
    // What to do, not the socket's error alone.
    expect(stderr).toContain(
      `checkout-sim: no simulator answers at http://127.0.0.1:${port} (ECONNREFUSED): start one with \`checkout-sim serve\` and give its API address, or drop --api to have one started for this run`,
    );
  });

  it('goes on to its verdict when work a request started throws after the answer (as serve does)', async () => {
    // A bug the tree does not have, put in by a preload: the first answer of a node:http listener in the
    // process (the sample shop's) throws later, from work that request started.
    const preload = join(tempDir(), 'throw-after-answer.mjs');
    writeFileSync(
      preload,
      `import http from 'node:http';
const end = http.ServerResponse.prototype.end;
let thrown = false;
http.ServerResponse.prototype.end = function (...args) {
  const r = end.apply(this, args);
  if (!thrown) { thrown = true; setImmediate(() => { throw new Error('a bug after the answer'); }); }
  return r;
};
`,
    );
    const run = ['run', 'scenarios/push-acknowledged.yaml'];
    const { code, stdout, stderr } = await runCli(spawned, run, [process.execPath, '--import', preload, CLI]);
    expect(stderr).toMatch(/sample shop: an uncaught exception escaped .*; the simulator goes on/);
    expect(stderr).toContain('a bug after the answer');
    expect(stdout).toMatch(/^1 scenario \(1 passed, 0 failed\)/m);
    expect(code, stdout + stderr).toBe(0);
  }, 60_000);
});
