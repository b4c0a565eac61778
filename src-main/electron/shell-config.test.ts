import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseShellArgs } from './shell-config';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('parseShellArgs', () => {
  it('reads --data-dir and --config in both spellings, ignoring Electron and Chromium switches', () => {
    expect(
      parseShellArgs(['.', '--no-sandbox', '--data-dir', '/d', '--config=/c.json', '--inspect=9229']),
    ).toEqual({
      dataDir: '/d',
      configFile: '/c.json',
    });
    expect(parseShellArgs([])).toEqual({});
  });
  it('reads --host and --port like serve does', () => {
    expect(parseShellArgs(['--host', '::1', '--port=0', '--quiet'])).toEqual({ host: '::1', port: 0 });
    expect(parseShellArgs(['--verbose', '--port', '0'])).toEqual({ verbose: true, port: 0 });
    expect(() => parseShellArgs(['--port', 'x'])).toThrow(/--port must be an integer/);
    expect(() => parseShellArgs(['--port', '65535'])).toThrow(/--port must be an integer/);
  });
  it('refuses a flag without its value', () => {
    expect(() => parseShellArgs(['--data-dir'])).toThrow(/--data-dir needs a value/);
    expect(() => parseShellArgs(['--config', '--data-dir', '/d'])).toThrow(/--config needs a value/);
    expect(() => parseShellArgs(['--config='])).toThrow(/--config needs a value/);
  });
});
