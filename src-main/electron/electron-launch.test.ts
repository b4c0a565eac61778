/*
 * Launches the real Electron app through Playwright and checks, from inside, what the unit tests can only
 * assert on paper: the renderer has no Node, the bridge exposes two calls, IPC reaches the core, the CSP
 * applies to the file:// page, new windows are denied. No Electron binary can be installed on the CI machines, so
 * there this test skips itself and says why; every behaviour is covered in browser mode by e2e/.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { electronAddonFile } from '../store/native-binding';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The electron package throws when its binary was never downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD). */
function electronBinary(): string | null {
  try {
    const file = createRequire(import.meta.url)('electron') as unknown;
    return typeof file === 'string' && fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

function electronVersion(): string {
  return (
    JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

const binary = electronBinary();
const addon = electronAddonFile(root, electronVersion(), process.platform, process.arch);
const skipReason = !binary
  ? 'Electron binary not installed: skipping window test'
  : process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
    ? 'No display (run under xvfb-run): skipping Electron window test'
    : !fs.existsSync(path.join(root, 'out/main/electron.js'))
      ? 'out/ not built (npm run build): skipping Electron window test'
      : !fs.existsSync(addon)
        ? `No better-sqlite3 build for Electron (${addon}; run node scripts/native-addon.mjs): skipping window test`
        : null;

type Bridge = {
  invoke(op: string, input: unknown): Promise<unknown>;
  subscribe(t: string, cb: () => void): () => void;
};

describe('Electron shell', () => {
  if (skipReason) {
    it.skip(skipReason, () => {});
    return;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'electron-launch-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('opens a hardened console window whose bridge reaches the core', async () => {
    const { _electron } = await import('@playwright/test');
    const env = { ...process.env, CHECKOUT_SIM_NATIVE_BINDING: addon } as Record<string, string>;
    delete env.ELECTRON_RUN_AS_NODE;
    const app = await _electron.launch({
      executablePath: binary!,
      args: [root, '--data-dir', dataDir, '--port', '0'],
      env,
    });
    try {
      const win = await app.firstWindow();
      await win.waitForLoadState('domcontentloaded');

      expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      );
      expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
        'undefined',
      );
      expect(
        await win.evaluate(() =>
          Object.keys((window as unknown as { checkoutSim: Bridge }).checkoutSim).sort(),
        ),
      ).toEqual(['invoke', 'subscribe']);

      const info = await win.evaluate(() =>
        (window as unknown as { checkoutSim: Bridge }).checkoutSim.invoke('app.info', {}),
      );
      expect(info).toMatchObject({ ok: true, value: { mode: 'electron', dataDir } });
      const bad = await win.evaluate(() =>
        (window as unknown as { checkoutSim: Bridge }).checkoutSim.invoke('no.such.op', {}),
      );
      expect(bad).toMatchObject({ ok: false, error: { code: expect.any(String) } });

      // The CSP reaches the page (script-src without 'unsafe-eval' forbids eval).
      expect(
        await win.evaluate(() => {
          try {
            return (0, eval)('1');
          } catch (err) {
            return (err as Error).name;
          }
        }),
      ).toBe('EvalError');

      // window.open is denied: no second window appears.
      await win.evaluate(() => window.open('https://example.com/'));
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
