import { type PreloadBridge } from '@shared/contract/control';
import { describe, expect, it, vi } from 'vitest';
import { createControlApi } from './create-control-api';
import { HttpControlApi } from './http-control-api';
import { IpcControlApi } from './ipc-control-api';

function fakeBridge(result: Awaited<ReturnType<PreloadBridge['invoke']>>) {
  const listeners = new Map<string, (p: unknown) => void>();
  const bridge: PreloadBridge = {
    invoke: vi.fn(async () => result),
    subscribe: vi.fn((topic: string, cb: (p: unknown) => void) => {
      listeners.set(topic, cb);
      return () => listeners.delete(topic);
    }),
  };
  return { bridge, listeners };
}

describe('IpcControlApi', () => {
  it('unwraps a successful result', async () => {
    const { bridge } = fakeBridge({ ok: true, value: [] });
    await expect(new IpcControlApi(bridge).invoke('orders.list', {})).resolves.toEqual([]);
    expect(bridge.invoke).toHaveBeenCalledWith('orders.list', {});
  });

  it('throws the error of a failed result', async () => {
    const { bridge } = fakeBridge({ ok: false, error: { code: 'not_found', message: 'no such order' } });
    await expect(new IpcControlApi(bridge).invoke('orders.get', { orderId: 'x' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'no such order',
    });
  });

  it('passes valid events on and drops invalid ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { bridge, listeners } = fakeBridge({ ok: true, value: null });
    const cb = vi.fn();
    const off = new IpcControlApi(bridge).subscribe('exchange.recorded', cb);
    listeners.get('exchange.recorded')!({ id: 'e1', order_id: 'o1', kind: 'checkout.create' });
    listeners.get('exchange.recorded')!({ id: 42 });
    expect(cb).toHaveBeenCalledTimes(1);
    off();
    expect(listeners.size).toBe(0);
    warn.mockRestore();
  });
});

describe('createControlApi', () => {
  it('uses IPC when the preload bridge exists, HTTP otherwise', () => {
    const { bridge } = fakeBridge({ ok: true, value: null });
    expect(createControlApi({ checkoutSim: bridge } as unknown as Window)).toBeInstanceOf(IpcControlApi);
    expect(createControlApi({} as Window)).toBeInstanceOf(HttpControlApi);
  });
});
