import { afterEach, describe, expect, it } from 'vitest';
import { tempCore } from '../test-kit/temp-core';

// What the shell says about itself (mode, data folder, its listeners' URLs), given to createCore as a value.
const envs: ReturnType<typeof tempCore>[] = [];
afterEach(() => {
  for (const env of envs.splice(0)) env.dispose();
});

describe('what the shell says about itself', () => {
  it('app.info answers no URL for a core without listeners, and the URLs the shell gave', async () => {
    const without = tempCore();
    envs.push(without);
    const before = (await without.core.control.invoke('app.info', {})) as { mode: string; urls: unknown };
    expect(before.mode).toBe('browser');
    expect(before.urls).toEqual({ api: '', console: '', integrator: '', checkout: '', shop: '' });
    const urls = {
      api: 'http://127.0.0.1:4701',
      console: '',
      integrator: 'http://127.0.0.1:4702',
      checkout: 'http://127.0.0.1:4703',
      shop: '',
    };
    const env = tempCore(undefined, (dir) => ({ mode: 'electron', dataDir: dir, urls }));
    envs.push(env);
    await expect(env.core.control.invoke('app.info', {})).resolves.toMatchObject({
      mode: 'electron',
      dataDir: env.dir,
      urls,
    });
  });
});
