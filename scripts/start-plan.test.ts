import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronAddonFile } from '../src-main/store/native-binding';
import {
  NO_ELECTRON_LINE,
  addonBuildEnv,
  decideMode,
  electronAddonPaths,
  findElectronBinary,
  nodeGypCandidates,
  openerFor,
  parseReadyLine,
  shouldOpenBrowser,
  splitStartArgs,
} from './start-plan.mjs';

const display = { DISPLAY: ':0' };

describe('findElectronBinary', () => {
  it('returns the path the electron package gives when the file exists', () => {
    expect(
      findElectronBinary(
        () => '/e/electron',
        (p) => p === '/e/electron',
      ),
    ).toBe('/e/electron');
  });
  it('is null when the package throws (binary never downloaded: path.txt missing)', () => {
    const req = () => {
      throw new Error('Electron failed to install correctly');
    };
    expect(findElectronBinary(req, () => true)).toBeNull();
  });
  it('is null when the named file is gone, or the package gives no path', () => {
    expect(
      findElectronBinary(
        () => '/e/electron',
        () => false,
      ),
    ).toBeNull();
    expect(
      findElectronBinary(
        () => ({}),
        () => true,
      ),
    ).toBeNull();
  });
});

describe('splitStartArgs', () => {
  it('keeps its own flags and passes the rest through in order', () => {
    expect(splitStartArgs(['--port', '0', '--browser', '--no-open', '--data-dir', '/d'])).toEqual({
      forceBrowser: true,
      noOpen: true,
      help: false,
      passthrough: ['--port', '0', '--data-dir', '/d'],
    });
    expect(splitStartArgs(['-h']).help).toBe(true);
  });
});

describe('decideMode', () => {
  it('starts Electron when its binary is there and there is a screen', () => {
    expect(decideMode({ electronPath: '/e', forceBrowser: false, platform: 'linux', env: display })).toEqual({
      mode: 'electron',
      electronPath: '/e',
    });
    expect(decideMode({ electronPath: '/e', forceBrowser: false, platform: 'darwin', env: {} }).mode).toBe(
      'electron',
    );
  });
  it('falls back to the browser with exactly one line when the binary is missing', () => {
    const plan = decideMode({ electronPath: null, forceBrowser: false, platform: 'linux', env: display });
    expect(plan).toEqual({ mode: 'browser', notice: NO_ELECTRON_LINE });
    expect(NO_ELECTRON_LINE).not.toContain('\n');
  });
  it('falls back to the browser on Linux without a display', () => {
    const plan = decideMode({ electronPath: '/e', forceBrowser: false, platform: 'linux', env: {} });
    expect(plan).toMatchObject({ mode: 'browser', notice: expect.stringContaining('No display') });
    expect(
      decideMode({
        electronPath: '/e',
        forceBrowser: false,
        platform: 'linux',
        env: { WAYLAND_DISPLAY: 'w' },
      }).mode,
    ).toBe('electron');
  });
  it('goes to the browser silently when asked to', () => {
    expect(decideMode({ electronPath: '/e', forceBrowser: true, platform: 'linux', env: display })).toEqual({
      mode: 'browser',
      notice: null,
    });
  });
});

describe('shouldOpenBrowser', () => {
  it('opens by default where there is a screen', () => {
    expect(shouldOpenBrowser({ noOpen: false, platform: 'linux', env: display })).toBe(true);
    expect(shouldOpenBrowser({ noOpen: false, platform: 'win32', env: {} })).toBe(true);
  });
  it.each([
    ['--no-open', { noOpen: true, platform: 'linux', env: display }],
    ['CI', { noOpen: false, platform: 'linux', env: { ...display, CI: 'true' } }],
    ['CHECKOUT_SIM_NO_OPEN', { noOpen: false, platform: 'darwin', env: { CHECKOUT_SIM_NO_OPEN: '1' } }],
    ['no display', { noOpen: false, platform: 'linux', env: {} }],
  ])('does not open with %s', (_name, input) => {
    expect(shouldOpenBrowser(input)).toBe(false);
  });
});

describe('openerFor', () => {
  it('uses each platform opener', () => {
    expect(openerFor('linux', 'http://x/')).toEqual({ command: 'xdg-open', args: ['http://x/'] });
    expect(openerFor('darwin', 'http://x/')).toEqual({ command: 'open', args: ['http://x/'] });
    expect(openerFor('win32', 'http://x/')).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', 'http://x/'],
    });
  });
});

describe('parseReadyLine', () => {
  const urls = {
    api: 'http://127.0.0.1:1',
    console: 'http://127.0.0.1:2',
    integrator: 'http://127.0.0.1:3',
    checkout: 'http://127.0.0.1:4',
    shop: 'http://127.0.0.1:5',
  };
  it('reads the urls of serve’s ready line', () => {
    expect(parseReadyLine(JSON.stringify({ event: 'ready', ...urls }))).toEqual(urls);
  });
  it('takes a ready line without the checkout and shop (an older simulator) as empty ones', () => {
    const { checkout: _c, shop: _s, ...older } = urls;
    expect(parseReadyLine(JSON.stringify({ event: 'ready', ...older }))).toEqual({
      ...older,
      checkout: '',
      shop: '',
    });
  });
  it.each([
    '',
    'hello',
    '[]',
    'null',
    JSON.stringify({ event: 'other', ...urls }),
    JSON.stringify({ event: 'ready', api: 1 }),
  ])('ignores %j', (line) => {
    expect(parseReadyLine(line)).toBeNull();
  });
});

describe('electronAddonPaths', () => {
  it('names the addon exactly as the Electron shell looks for it', () => {
    const root = path.join('/', 'proj');
    const paths = electronAddonPaths(root, '41.7.1', 'linux', 'x64');
    expect(paths.file).toBe(electronAddonFile(root, '41.7.1', 'linux', 'x64'));
    expect(path.dirname(paths.log)).toBe(paths.dir);
  });
});

describe('nodeGypCandidates', () => {
  /** The candidates on Linux with node at /usr/bin/node, for a project root and an npm_execpath. */
  const onLinux = (root: string, npmExecPath: string) =>
    nodeGypCandidates({ root, npmExecPath, execPath: '/usr/bin/node', platform: 'linux' });

  it('tries the project, then the npm running us, then the npm beside node', () => {
    expect(onLinux('/proj', '/opt/npm/bin/npm-cli.js')).toEqual([
      '/proj/node_modules/node-gyp/bin/node-gyp.js',
      '/opt/npm/node_modules/node-gyp/bin/node-gyp.js',
      '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    ]);
  });
  it('ignores an npm_execpath that is not npm (pnpm, yarn)', () => {
    expect(onLinux('/p', '/x/pnpm.cjs')).toHaveLength(2);
  });
});

describe('addonBuildEnv', () => {
  it("drops npm's nodedir and target settings, which would build against Node's headers", () => {
    expect(
      addonBuildEnv({
        PATH: '/bin',
        npm_config_nodedir: '/usr',
        NPM_CONFIG_NODEDIR: '/usr',
        npm_config_target: '20',
        HOME: '/h',
      }),
    ).toEqual({ PATH: '/bin', HOME: '/h' });
  });
});
