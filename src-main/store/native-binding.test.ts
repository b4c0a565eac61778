import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  electronAddonDir,
  electronAddonFile,
  pickNativeBinding,
  type PickNativeBindingInput,
} from './native-binding';

const root = path.join('/', 'proj');
const electronFile = path.join(root, '.native', 'electron-41.7.1-linux-x64', 'better_sqlite3.node');

function input(over: Partial<PickNativeBindingInput> = {}): PickNativeBindingInput {
  return {
    runtime: { node: '20.20.2', modules: '115' },
    platform: 'linux',
    arch: 'x64',
    root,
    exists: () => false,
    ...over,
  };
}

describe('electronAddonDir / electronAddonFile', () => {
  it('names the folder by Electron version, platform and arch under .native', () => {
    expect(electronAddonDir(root, '41.7.1', 'linux', 'x64')).toBe(
      path.join(root, '.native', 'electron-41.7.1-linux-x64'),
    );
    expect(electronAddonFile(root, '41.7.1', 'linux', 'x64')).toBe(electronFile);
  });
});

describe('pickNativeBinding', () => {
  it('under Node uses the default build, without looking for files', () => {
    const seen: string[] = [];
    const pick = pickNativeBinding(input({ exists: (p) => (seen.push(p), true) }));
    expect(pick).toEqual({ ok: true, reason: expect.stringContaining('default build') });
    expect(pick.path).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('under Electron uses the .native build when it exists', () => {
    const pick = pickNativeBinding(
      input({
        runtime: { electron: '41.7.1', node: '24.0.0', modules: '145' },
        exists: (p) => p === electronFile,
      }),
    );
    expect(pick).toEqual({
      ok: true,
      path: electronFile,
      reason: expect.stringContaining('Electron 41.7.1'),
    });
  });

  it('under Electron without the .native build fails and tells the user to run npm start', () => {
    const pick = pickNativeBinding(
      input({ runtime: { electron: '41.7.1', node: '24.0.0', modules: '145' } }),
    );
    expect(pick.ok).toBe(false);
    expect(pick.path).toBeUndefined();
    expect(pick.reason).toContain(electronFile);
    expect(pick.reason).toContain('npm start');
  });

  it('keys the build by platform and arch too', () => {
    const pick = pickNativeBinding(
      input({
        runtime: { electron: '41.7.1', node: '24.0.0', modules: '145' },
        arch: 'arm64',
        exists: (p) => p === electronFile,
      }),
    );
    expect(pick.ok).toBe(false);
    expect(pick.reason).toContain('linux-arm64');
  });

  it('prefers an explicit override that exists, in either runtime', () => {
    const override = path.join('/', 'elsewhere', 'better_sqlite3.node');
    const exists = (p: string) => p === override;
    expect(pickNativeBinding(input({ override, exists }))).toMatchObject({ ok: true, path: override });
    expect(
      pickNativeBinding(
        input({ override, exists, runtime: { electron: '41.7.1', node: '24.0.0', modules: '145' } }),
      ),
    ).toMatchObject({ ok: true, path: override });
  });

  it('fails on an override that does not exist rather than silently falling back', () => {
    const pick = pickNativeBinding(input({ override: '/nope/better_sqlite3.node' }));
    expect(pick.ok).toBe(false);
    expect(pick.reason).toContain('CHECKOUT_SIM_NATIVE_BINDING');
    expect(pick.reason).toContain('/nope/better_sqlite3.node');
  });
});
