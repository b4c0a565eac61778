import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_CALLER, CONSOLE_CALLER_HEADER } from '@shared/rules/exchange-filter';
import { tempCore } from '../test-support/temp-core';
import type { MerchantCall } from './merchant-gateway';

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

  it('merchant.request is refused until the provider API is given, then goes through it', async () => {
    const input = { method: 'GET', path: '/ordermanagement/v1/orders/x?y=1' };
    await expect(env.core.control.invoke('merchant.request', input)).rejects.toMatchObject({
      code: 'NO_MERCHANT_API',
    });
    const calls: MerchantCall[] = [];
    env.shell.listening({
      providerApi: (call) => {
        calls.push(call);
        return { status: 200, body: '{"ok":true}' };
      },
    });
    await expect(env.core.control.invoke('merchant.request', input)).resolves.toEqual({
      status: 200,
      headers: {},
      body: { ok: true },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/ordermanagement/v1/orders/x', search: 'y=1' });
    expect(calls[0]!.headers[CONSOLE_CALLER_HEADER]).toBe(CONSOLE_CALLER);
  });
});
