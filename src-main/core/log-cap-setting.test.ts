import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_MAX_BYTES_DEFAULT } from '@shared/schemas/log-status.schema';
import { tempCore } from '../test-kit/temp-core';
import { ConfigError, loadConfig } from './config-file';

let env: ReturnType<typeof tempCore> | undefined;
let dir = '';
afterEach(() => {
  env?.dispose();
  env = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the log's size cap as a setting", () => {
  it('is 1 GiB by default, shown against the size in log.status, and changed within its bounds only', async () => {
    env = tempCore();
    const { core } = env;
    expect(core.settings.get().log_max_bytes).toBe(LOG_MAX_BYTES_DEFAULT);
    expect(await core.control.invoke('log.status', {})).toMatchObject({
      max_bytes: LOG_MAX_BYTES_DEFAULT,
      pruned: 0,
      dropped: 0,
      disk_full: null,
    });
    await expect(core.control.invoke('settings.update', { log_max_bytes: 1000 })).rejects.toThrow(
      /log_max_bytes: must be at least 1048576/,
    );
    await core.control.invoke('settings.update', { log_max_bytes: 32 * 1024 * 1024 });
    expect(await core.control.invoke('log.status', {})).toMatchObject({ max_bytes: 32 * 1024 * 1024 });
  });

  it("takes the config file's log_max_bytes at start, and the file names a bad one", () => {
    env = tempCore({ log_max_bytes: 64 * 1024 * 1024 });
    expect(env.core.settings.get().log_max_bytes).toBe(64 * 1024 * 1024);
    dir = mkdtempSync(join(tmpdir(), 'sim-config-'));
    const file = join(dir, 'c.json');
    writeFileSync(file, '{"log_max_bytes": "1GB"}');
    expect(() => loadConfig(file)).toThrow(ConfigError);
    expect(() => loadConfig(file)).toThrow(/log_max_bytes/);
  });
});
