import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, readyLine, requireBuiltCli, runCli, Spawned } from '../test-kit/built-cli';

// `checkout-sim ca` and `serve --tls`, run from the build as a user would (`npm run build` first).
const spawned = new Spawned('sim-tls-cli-');
afterEach(() => spawned.cleanup());

interface Ready {
  api: string;
  console: string;
  integrator: string;
  checkout: string;
  shop: string;
  ca?: string | null;
}

function unprivilegedStart(): number {
  const file = '/proc/sys/net/ipv4/ip_unprivileged_port_start';
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : 1024;
}

function status(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { ca, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('checkout-sim ca', () => {
  it('prints the CA file of the data folder, making the CA only the first time', async () => {
    const dir = spawned.tempDir();
    const file = join(dir, 'tls', 'ca.pem');
    const first = await runCli(spawned, ['ca', '--data-dir', dir]);
    expect(first).toMatchObject({ code: 0, stdout: `${file}\n` });
    expect(first.stderr).toBe(`created a new local CA: ${file}\n`);
    const pem = readFileSync(file, 'utf8');
    const second = await runCli(spawned, ['ca', '--data-dir', dir]);
    expect(second).toEqual({ code: 0, stdout: `${file}\n`, stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(pem);
  });

  it('names the folder it cannot write, in one line', async () => {
    const dir = spawned.tempDir();
    writeFileSync(join(dir, 'tls'), 'in the way');
    const r = await runCli(spawned, ['ca', '--data-dir', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `checkout-sim: cannot write the local CA in ${join(dir, 'tls')}: a file is in the way of it; choose a writable --data-dir, or give your own certificate with --tls-cert FILE --tls-key FILE\n`,
    );
  });
});

describe('checkout-sim serve --tls', () => {
  it('prints https URLs (the console http) and the CA file in its ready line, which verify with that CA', async () => {
    requireBuiltCli();
    const dir = spawned.tempDir();
    const proc = spawned.spawn(
      process.execPath,
      [CLI, 'serve', '--tls', '--port', '0', '--data-dir', dir, '--quiet'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const { ready } = await readyLine<Ready>(proc);
    expect(ready.ca).toBe(join(dir, 'tls', 'ca.pem'));
    for (const url of [ready.api, ready.integrator, ready.checkout, ready.shop])
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.console).toMatch(/^http:\/\//);
    const ca = readFileSync(ready.ca!, 'utf8');
    expect(await status(`${ready.api}/openapi.json`, ca)).toBe(200);
    expect(await status(`${ready.shop}/`, ca)).toBe(200);
  });

  it('refuses --tls-cert without --tls-key as a usage error', async () => {
    const r = await runCli(spawned, ['serve', '--tls-cert', 'c.pem']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'checkout-sim: --tls-cert and --tls-key go together: give both, or neither to use the local CA',
    );
  });

  // Where ports below 1024 need no privilege (a lowered ip_unprivileged_port_start), there is no refusal.
  const privileged = unprivilegedStart() > 443;
  it.runIf(privileged)('says in one line that port 443 needs privileges, when it does', async () => {
    const dir = spawned.tempDir();
    chmodSync(dir, 0o777);
    // As root, run it as nobody: only a process without the privilege meets the refusal.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const proc = spawned.spawn(
      process.execPath,
      [CLI, 'serve', '--tls', '--port', '443', '--data-dir', dir, '--no-shop', '--quiet'],
      { stdio: ['ignore', 'pipe', 'pipe'], ...asUser },
    );
    let stderr = '';
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise((r) => proc.once('close', r));
    expect(code).toBe(1);
    expect(stderr).toBe(
      'checkout-sim: port 443 (the provider API) needs privileges: run as root, or give node CAP_NET_BIND_SERVICE, or use a port above 1023 with --port N\n',
    );
  });
});
