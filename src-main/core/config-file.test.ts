import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config-file';

let tmp = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-config-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('loadConfig (serve and the desktop app)', () => {
  it('is empty without a file', () => {
    expect(loadConfig(undefined)).toEqual({});
  });
  it('reads a valid file', () => {
    expect(loadConfig(write('ok.json', '{"ports":{"api":5000},"host":"0.0.0.0"}'))).toEqual({
      ports: { api: 5000 },
      host: '0.0.0.0',
    });
  });
  it('names the file and the problem when it is missing, not JSON, or invalid', () => {
    expect(() => loadConfig(path.join(tmp, 'nope.json'))).toThrow(/cannot read config file .*nope\.json/);
    expect(() => loadConfig(write('bad.json', '{'))).toThrow(/config file .*bad\.json is not valid JSON/);
    expect(() => loadConfig(write('invalid.json', '{"ports":{"api":-1}}'))).toThrow(
      /invalid\.json:\n {2}ports\.api/,
    );
    expect(() => loadConfig(write('typo.json', '{"prots":{}}'))).toThrow(ConfigError);
  });
  it('takes the HTTP server of the provider API and the fake integrator, own or node', () => {
    expect(loadConfig(write('node.json', '{"http":"node"}'))).toEqual({ http: 'node' });
    expect(() => loadConfig(write('express.json', '{"http":"express"}'))).toThrow(/http/);
  });
});
