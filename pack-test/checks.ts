// What must hold of the packed package, one function per check (issue #33 points 1-3 and 6), so a new
// check is one more function and one more line in installed-package.test.ts.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort, run, startServing, type Project } from './project';

const REPO = join(import.meta.dirname, '..');
const MAX_TARBALL_BYTES = 1_500_000;
const PKG = 'node_modules/checkout-simulator';

/** The tarball holds what runs (built out/, bin, the shop, the scenario schema), nothing else, within 1.5 MB. */
export async function tarballHoldsWhatRuns(tarball: string): Promise<void> {
  expect(statSync(tarball).size).toBeLessThanOrEqual(MAX_TARBALL_BYTES);
  const listed = await run('tar', ['-tzf', tarball], REPO);
  const files = listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  for (const needed of [
    'bin/checkout-sim.mjs',
    'out/main/cli.js',
    'out/main/exchange-writer-worker.js',
    'out/main/testing.js',
    'out/main/testing.cjs',
    'out/types/testing.d.cts',
    'src-main/package-entry/public.d.ts',
    'out/renderer/index.html',
    'out/checkout/bootstrap.js',
    'out/checkout/frame.js',
    'shop/server.mjs',
    'shop/public/checkout.js',
    'docs/scenario.schema.json',
  ])
    expect(files, needed).toContain(needed);
  const unwanted = files.filter(
    (f) =>
      /(^|\/)(src-\w+|shared|e2e|bench|tools|test)\/|\.test\.|\.spec\.|\.map$|^tsconfig|^\.ci\//.test(f) &&
      f !== 'src-main/package-entry/public.d.ts',
  );
  expect(unwanted).toEqual([]);
}

/** Installing pulls in no bundler, no Electron, no Playwright, no UI library: only what the code runs. */
export async function installsNoBuildTools(p: Project): Promise<void> {
  const ls = await run('npm', ['ls', '--all', '--parseable'], p.dir);
  const names = ls.stdout
    .split('\n')
    .filter((l) => l.includes('node_modules'))
    .map((l) => l.slice(l.lastIndexOf('node_modules/') + 'node_modules/'.length));
  const banned =
    /^(electron|electron-vite|vite|rolldown|esbuild|@playwright\/test|playwright|react|typescript)$/;
  expect(names.filter((n) => banned.test(n))).toEqual([]);
  const pkg = JSON.parse(readFileSync(join(p.dir, PKG, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(Object.keys(pkg.dependencies).sort()).toEqual([
    'better-sqlite3',
    'fast-check',
    'node-forge',
    'yaml',
    'zod',
  ]);
}

/** `npx checkout-sim --help` and `--version`, with no build tools installed. */
export async function helpAndVersion(p: Project): Promise<void> {
  const help = await run('npx', ['checkout-sim', '--help'], p.dir);
  expect(help.stderr).not.toContain('build');
  expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: checkout-sim serve')]);
  const version = await run('npx', ['checkout-sim', '--version'], p.dir);
  expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
}

/** GET a URL; its status and body. */
async function get(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/**
 * `serve --port 0 --data-dir D`: the ready line, the console in browser mode (its page and script), the
 * embedded checkout's bootstrap, the sample shop; a scenario run against it; its order exported; SIGTERM.
 */
export async function serveRunExport(p: Project): Promise<void> {
  const data = join(p.dir, 'sim-data');
  const bin = join(p.dir, 'node_modules', '.bin', 'checkout-sim');
  const served = await startServing(bin, ['serve', '--port', '0', '--data-dir', data], p.dir);
  try {
    const { api, console: consoleUrl, checkout, shop } = served.ready;
    const page = await get(consoleUrl!);
    expect(page.status).toBe(200);
    const script = /src="([^"]+\.js)"/.exec(page.body)?.[1];
    expect((await get(new URL(script!, consoleUrl).href)).status).toBe(200);
    expect((await get(`${checkout}/kco/bootstrap.js`)).status).toBe(200);
    expect((await get(shop!)).body).toContain('<html');
    const report = join(p.dir, 'serve-run.json');
    const file = `${PKG}/scenarios/push-acknowledged.yaml`;
    const ran = await p.sim('run', file, '--api', api!, '--reporter', `json=${report}`);
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const orderId = JSON.stringify(JSON.parse(readFileSync(report, 'utf8'))).match(
      /"order_id":"([^"]+)"/,
    )?.[1];
    const exported = await p.sim('export', orderId!, '--api', api!);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('steps:');
  } finally {
    expect(await served.stop()).toBe(0);
  }
  expect(existsSync(join(data, 'simulator.db'))).toBe(true);
}

/** `validate`, `run` on its own (a simulator and the shop started for the run, a JUnit report), `openapi`. */
export async function validateRunOpenapi(p: Project): Promise<void> {
  const valid = await p.sim('validate', `${PKG}/scenarios`);
  expect([valid.code, valid.stdout]).toEqual([0, expect.stringContaining('(6 valid, 0 invalid)')]);
  writeFileSync(join(p.dir, 'bad.yaml'), 'name: x\nsteps: 3\n');
  expect((await p.sim('validate', 'bad.yaml')).code).toBe(2);
  const junit = join(p.dir, 'junit.xml');
  const ran = await p.sim('run', `${PKG}/scenarios/capture-within-24h.yaml`, '--reporter', `junit=${junit}`);
  expect(ran.code, ran.stdout + ran.stderr).toBe(0);
  expect(readFileSync(junit, 'utf8')).toContain('<testsuite');
  const openapi = await p.sim('openapi');
  expect((JSON.parse(openapi.stdout) as { openapi: string }).openapi).toMatch(/^3\.1/);
}

/** A script that starts the simulator on a pinned port, makes a test clock, stops; it prints the API URL. */
const script = (load: string) => `${load}
const port = Number(process.argv[2]);
startSimulator({ port }).then(async (sim) => {
  const clock = await sim.client.clocks.create({ name: 'pinned' });
  const shop = await fetch(sim.urls.shop);
  await sim.stop();
  console.log(JSON.stringify({ api: sim.urls.api, clock: clock.name, shop: shop.status }));
});
`;

async function startsPinned(file: string, cwd: string): Promise<void> {
  const port = await freePort();
  const r = await run(process.execPath, [file, String(port)], cwd);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({ api: `http://127.0.0.1:${port}`, clock: 'pinned', shop: 200 });
}

/** `require('checkout-simulator/testing')` from the CommonJS project, on a pinned port. */
export async function requireFromCommonJs(p: Project): Promise<void> {
  const file = join(p.dir, 'start.js');
  writeFileSync(file, script("const { startSimulator } = require('checkout-simulator/testing');"));
  await startsPinned(file, p.dir);
}

/** `import … from 'checkout-simulator/testing'` from the ESM project, on a pinned port. */
export async function importFromEsm(p: Project): Promise<void> {
  const file = join(p.esm, 'start.js');
  writeFileSync(file, script("import { startSimulator } from 'checkout-simulator/testing';"));
  await startsPinned(file, p.esm);
}

/** TypeScript finds the types for require (.cts) and import (.mts); a wrong option is a type error. */
export async function typesForBoth(p: Project): Promise<void> {
  const body = `import { startSimulator, testHelpers, type StartedSimulator } from 'checkout-simulator/testing';
export async function f(): Promise<string> {
  const sim: StartedSimulator = await startSimulator({ port: 0, host: '127.0.0.1', quiet: true, shop: false });
  // @ts-expect-error port is a number
  await startSimulator({ port: '4700' });
  const clock = await testHelpers({ api: sim.urls.api }).clocks.create({ name: 'typed' });
  return clock.clock_id;
}
`;
  writeFileSync(join(p.dir, 'typed.cts'), body);
  writeFileSync(join(p.esm, 'typed.mts'), body);
  const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
  const flags = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext'];
  for (const [cwd, file] of [
    [p.dir, 'typed.cts'],
    [p.esm, 'typed.mts'],
  ] as const) {
    const r = await run(process.execPath, [tsc, ...flags, '--lib', 'es2023,dom', file], cwd);
    expect(r.code, `${file}: ${r.stdout}`).toBe(0);
  }
}

/** An installed package never builds: a built file gone, the bin says the install is broken, in one line. */
export async function neverRebuilds(p: Project): Promise<void> {
  const cli = join(p.dir, PKG, 'out/main/cli.js');
  renameSync(cli, `${cli}.aside`);
  try {
    const r = await p.sim('serve', '--port', '0');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'checkout-sim: this installed package is broken: out/main/cli.js is missing (an installed package ' +
        'comes built and never builds). Reinstall it: npm install --save-dev checkout-simulator\n',
    );
  } finally {
    renameSync(`${cli}.aside`, cli);
  }
}

/** A GET over https that verifies the server's certificate against `ca` only (as `curl --cacert` does). */
function httpsGet(url: string, ca?: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpsRequest(url, { ca: ca ?? [], rejectUnauthorized: true }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

/**
 * `serve --tls`: the ready line names https URLs and the CA's file, `checkout-sim ca` prints the same file,
 * and an https request verifies against that CA (and fails without it); a script's startSimulator({ tls })
 * gets the CA too.
 */
export async function servesHttpsWithPrintedCa(p: Project): Promise<void> {
  const data = join(p.dir, 'sim-tls');
  const bin = join(p.dir, 'node_modules', '.bin', 'checkout-sim');
  const served = await startServing(bin, ['serve', '--tls', '--port', '0', '--data-dir', data], p.dir);
  try {
    const { api, checkout, shop, ca } = served.ready;
    expect([api, checkout, shop].every((u) => u!.startsWith('https://'))).toBe(true);
    const printed = await p.sim('ca', '--data-dir', data);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.trim()).toBe(ca);
    const pem = readFileSync(ca!, 'utf8');
    expect(await httpsGet(`${api}/openapi.json`, pem)).toEqual({ status: 200 });
    expect(await httpsGet(`${checkout}/kco/bootstrap.js`, pem)).toEqual({ status: 200 });
    expect(await httpsGet(shop!, pem)).toEqual({ status: 200 });
    const untrusted = await httpsGet(`${api}/openapi.json`);
    expect('error' in untrusted ? untrusted.error : 'verified').toMatch(/CERT|SELF_SIGNED|UNABLE/);
  } finally {
    expect(await served.stop()).toBe(0);
  }
}
