import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_CALLER, CONSOLE_CALLER_HEADER } from '@shared/rules/exchange-filter';
import { tempCore } from '../test-kit/temp-core';
import { consoleControl } from './console-control';
import type { MerchantCall } from './provider/merchant-gateway';

// The console's control: the core's operations, and `merchant.request` through the provider API's handler.
let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());

describe("the console's control", () => {
  it('merchant.request is refused by a core without a provider API, and goes through the one given', async () => {
    const input = { method: 'GET', path: '/ordermanagement/v1/orders/x?y=1' };
    await expect(env.core.control.invoke('merchant.request', input)).rejects.toMatchObject({
      code: 'NO_MERCHANT_API',
    });
    const calls: MerchantCall[] = [];
    const control = consoleControl(env.core, (call) => {
      calls.push(call);
      return { status: 200, body: '{"ok":true}' };
    });
    await expect(control.invoke('merchant.request', input)).resolves.toEqual({
      status: 200,
      headers: {},
      body: { ok: true },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/ordermanagement/v1/orders/x', search: 'y=1' });
    expect(calls[0]!.headers[CONSOLE_CALLER_HEADER]).toBe(CONSOLE_CALLER);
  });

  it('answers every other operation as the core does', async () => {
    const control = consoleControl(env.core, () => ({ status: 500 }));
    await expect(control.invoke('app.info', {})).resolves.toEqual(
      await env.core.control.invoke('app.info', {}),
    );
    await expect(control.invoke('no.such', {})).rejects.toMatchObject({ code: 'UNKNOWN_OPERATION' });
  });
});
