import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempCore } from '../test-support/temp-core';

// The shell's one input known only after the core is built (ShellInfo): read at each use, never copied.
let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());

describe('what the shell says once it listens', () => {
  it('app.info answers no URL before, and the listeners’ URLs after', async () => {
    const before = (await env.core.control.invoke('app.info', {})) as { mode: string; urls: unknown };
    expect(before.mode).toBe('browser');
    expect(before.urls).toEqual({ api: '', console: '', integrator: '', checkout: '', shop: '' });
    const urls = {
      api: 'http://127.0.0.1:4701',
      console: '',
      integrator: 'http://127.0.0.1:4702',
      checkout: 'http://127.0.0.1:4703',
      shop: '',
    };
    env.shell.listening({ info: { mode: 'electron', dataDir: env.dir, urls } });
    await expect(env.core.control.invoke('app.info', {})).resolves.toMatchObject({
      mode: 'electron',
      dataDir: env.dir,
      urls,
    });
  });
});
