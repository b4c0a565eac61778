import { describe, expect, it, vi } from 'vitest';
import type { IpcRenderer } from 'electron';
import { IPC_EVENT, IPC_INVOKE, IPC_SUBSCRIBE } from '@shared/contract/control';
import { createPreloadBridge } from './preload-bridge';

type EventListener = (event: unknown, ...args: unknown[]) => void;

function fakeIpc() {
  const listeners = new Map<string, EventListener[]>();
  const ipc = {
    invoke: vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'pong' })),
    send: vi.fn(),
    on: vi.fn((channel: string, l: EventListener) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), l]);
      return ipc;
    }),
  };
  const emit = (topic: unknown, payload: unknown) =>
    listeners.get(IPC_EVENT)?.forEach((l) => l({}, topic, payload));
  return { ipc, emit, bridge: createPreloadBridge(ipc as unknown as IpcRenderer) };
}

describe('createPreloadBridge', () => {
  it('exposes only invoke and subscribe', () => {
    expect(Object.keys(fakeIpc().bridge).sort()).toEqual(['invoke', 'subscribe']);
  });

  it('invokes over the contract channel and returns the result', async () => {
    const { ipc, bridge } = fakeIpc();
    await expect(bridge.invoke('app.info', {})).resolves.toEqual({ ok: true, value: 'pong' });
    expect(ipc.invoke).toHaveBeenCalledWith(IPC_INVOKE, 'app.info', {});
  });

  it('answers a non-string op itself, without IPC', async () => {
    const { ipc, bridge } = fakeIpc();
    const out = await bridge.invoke(42 as unknown as string, {});
    expect(out).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('refuses topics outside the contract and non-function callbacks', () => {
    const { ipc, bridge } = fakeIpc();
    expect(() => bridge.subscribe('order.deleted', () => {})).toThrow(/unknown event topic/);
    expect(() => bridge.subscribe('order.created', 'x' as unknown as () => void)).toThrow(/function/);
    expect(ipc.send).not.toHaveBeenCalled();
  });

  it('subscribes a topic once, delivers its events, and unsubscribes with the last callback', () => {
    const { ipc, emit, bridge } = fakeIpc();
    const a = vi.fn();
    const b = vi.fn();
    const offA = bridge.subscribe('order.created', a);
    const offB = bridge.subscribe('order.created', b);
    expect(ipc.send.mock.calls).toEqual([[IPC_SUBSCRIBE, 'order.created', true]]);

    emit('order.created', { id: 1 });
    emit('order.updated', { id: 2 });
    expect(a.mock.calls).toEqual([[{ id: 1 }]]);
    expect(b.mock.calls).toEqual([[{ id: 1 }]]);

    offA();
    offA(); // a second call is harmless
    expect(ipc.send).toHaveBeenCalledTimes(1);
    offB();
    expect(ipc.send).toHaveBeenLastCalledWith(IPC_SUBSCRIBE, 'order.created', false);
    emit('order.created', { id: 3 });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to the other subscribers when one throws', () => {
    const { emit, bridge } = fakeIpc();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = vi.fn();
    bridge.subscribe('exchange.recorded', () => {
      throw new Error('boom');
    });
    bridge.subscribe('exchange.recorded', good);
    emit('exchange.recorded', { id: 'x' });
    expect(good).toHaveBeenCalledOnce();
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
