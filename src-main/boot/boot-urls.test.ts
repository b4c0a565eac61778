import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootLeftovers, bootOptions, SHOP_MODULE } from '../test-kit/booted-sim';
import { boot, type BootOptions, type Booted } from './boot';

// The URLs the core is given before it is built are the ones every listener answers on: the shop's, a
// port fallback's and a port of 0 included.
const { dirs, running, blockers } = bootLeftovers();

const options = (over: Partial<BootOptions> = {}): BootOptions => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-boot-urls-'));
  dirs.push(dataDir);
  return bootOptions(dataDir, { shopModule: SHOP_MODULE, console: { rendererDir: null }, ...over });
};

/** A port something else listens on. */
async function takenPort(): Promise<number> {
  const s = createServer();
  blockers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as { port: number }).port;
}

async function expectServed(b: Booted): Promise<void> {
  const info = (await b.core.control.invoke('app.info', {})) as { urls: Booted['urls']; dataDir: string };
  expect(info.urls).toEqual(b.urls);
  for (const url of Object.values(b.urls)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect((await fetch(`${b.urls.api}/openapi.json`)).status).toBe(200);
  expect((await fetch(`${b.urls.shop}/`)).status).toBe(200);
  const control = await fetch(`${b.urls.console}/control/invoke/app.info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(((await control.json()) as { value: { urls: unknown } }).value.urls).toEqual(b.urls);
}

describe('boot() gives the core its listeners’ URLs', () => {
  it('on ports of 0, the sample shop’s included', async () => {
    const b = await boot(options());
    running.push(b);
    await expectServed(b);
  });

  it('on free ports when one is taken and the shell asks for the fallback', async () => {
    const port = await takenPort();
    const fellBack: unknown[] = [];
    const b = await boot(
      options({
        ports: { api: port, console: 0, integrator: 0, checkout: 0, shop: 0 },
        onPortFallback: (err) => fellBack.push(err),
      }),
    );
    running.push(b);
    expect(fellBack).toHaveLength(1);
    expect(b.urls.api).not.toBe(`http://127.0.0.1:${port}`);
    await expectServed(b);
  });

  it('without the shop when its module is absent: its URL is empty', async () => {
    const b = await boot(options({ shopModule: join(tmpdir(), 'no-such-shop.mjs') }));
    running.push(b);
    expect(b.urls.shop).toBe('');
    await expect(b.core.control.invoke('app.info', {})).resolves.toMatchObject({ urls: b.urls });
  });
});
