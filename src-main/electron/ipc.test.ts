import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, WebContents } from 'electron';
import { IPC_EVENT, IPC_INVOKE, IPC_SUBSCRIBE, type EventName } from '@shared/contract/control';
import { SimFailure } from '../core/errors';
import { FEED_CAP, FEED_WINDOW_MS } from '../core/event-feed';
import { attachControlIpc, toControlError, type ControlCore } from './ipc';

const page = 'file:///app/out/renderer/index.html';
type Handler = (event: unknown, ...args: unknown[]) => unknown;

function fakeWebContents(id: number) {
  const destroyed: (() => void)[] = [];
  return {
    id,
    send: vi.fn(),
    isDestroyed: vi.fn(() => false),
    once: vi.fn((_name: string, l: () => void) => destroyed.push(l)),
    destroy: () => destroyed.forEach((l) => l()),
  };
}

function setup(invoke: ControlCore['control']['invoke'] = async (op) => `did ${op}`) {
  const handlers = new Map<string, Handler>();
  const listeners = new Map<string, Handler>();
  const ipc = {
    handle: (ch: string, h: Handler) => handlers.set(ch, h),
    removeHandler: (ch: string) => handlers.delete(ch),
    on: (ch: string, l: Handler) => listeners.set(ch, l),
    removeListener: (ch: string) => listeners.delete(ch),
  };
  let emitAny: (name: EventName, payload: unknown) => void = () => {};
  const off = vi.fn();
  const core: ControlCore = {
    control: { invoke: vi.fn(invoke) },
    events: { onAny: (l) => ((emitAny = l), off) },
  };
  const ours = fakeWebContents(1);
  const log = vi.fn();
  const detach = attachControlIpc(ipc as unknown as IpcMain, {
    core,
    rendererUrl: page,
    isOurWebContents: (wc) => wc === (ours as unknown as WebContents),
    log,
  });
  const eventFrom = (sender: unknown, url: string | null = page, parent: unknown = null) => ({
    sender,
    senderFrame: url === null ? null : { url, parent },
  });
  const call = (event: unknown, ...args: unknown[]) => handlers.get(IPC_INVOKE)!(event, ...args);
  const subscribe = (event: unknown, topic: unknown, on: boolean) =>
    listeners.get(IPC_SUBSCRIBE)!(event, topic, on);
  return {
    core,
    ours,
    log,
    detach,
    off,
    handlers,
    listeners,
    eventFrom,
    call,
    subscribe,
    // Events reach the windows in one batch per turn of the event loop (core/event-feed.ts).
    emit: async (n: string, p: unknown) => {
      emitAny(n as EventName, p);
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('attachControlIpc: invoke', () => {
  it('passes a trusted call to the core and wraps the value', async () => {
    const t = setup();
    await expect(t.call(t.eventFrom(t.ours, `${page}#/log`), 'orders.list', { limit: 5 })).resolves.toEqual({
      ok: true,
      value: 'did orders.list',
    });
    expect(t.core.control.invoke).toHaveBeenCalledWith('orders.list', { limit: 5 });
  });

  it.each([
    ['another webContents', (t: ReturnType<typeof setup>) => t.eventFrom(fakeWebContents(2))],
    [
      'a foreign page in our window',
      (t: ReturnType<typeof setup>) => t.eventFrom(t.ours, 'https://evil.example/'),
    ],
    ['a subframe', (t: ReturnType<typeof setup>) => t.eventFrom(t.ours, page, {})],
    ['a destroyed frame', (t: ReturnType<typeof setup>) => t.eventFrom(t.ours, null)],
  ])('refuses %s without reaching the core', async (_name, makeEvent) => {
    const t = setup();
    await expect(t.call(makeEvent(t), 'app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(t.core.control.invoke).not.toHaveBeenCalled();
    expect(t.log).toHaveBeenCalled();
  });

  it('refuses a non-string op', async () => {
    const t = setup();
    await expect(t.call(t.eventFrom(t.ours), { op: 1 }, {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
  });

  it('returns the core failure as the contract error', async () => {
    const t = setup(async () => {
      throw new SimFailure('invalid', 'BAD_INPUT', 'orders.list: limit: too big');
    });
    await expect(t.call(t.eventFrom(t.ours), 'orders.list', { limit: 1e9 })).resolves.toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'orders.list: limit: too big' },
    });
    expect(t.log).not.toHaveBeenCalled();
  });

  it('returns an unexpected error as INTERNAL and logs it', async () => {
    const t = setup(async () => {
      throw new TypeError('x is undefined');
    });
    await expect(t.call(t.eventFrom(t.ours), 'app.info', {})).resolves.toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'Internal error: x is undefined' },
    });
    expect(t.log).toHaveBeenCalledWith(expect.stringContaining('x is undefined'));
  });
});

describe('attachControlIpc: events', () => {
  it('forwards only the topics a window subscribed to', async () => {
    const t = setup();
    t.subscribe(t.eventFrom(t.ours), 'order.created', true);
    await t.emit('order.created', { id: 'a' });
    await t.emit('order.updated', { id: 'b' });
    expect(t.ours.send.mock.calls).toEqual([[IPC_EVENT, 'order.created', { id: 'a' }]]);

    t.subscribe(t.eventFrom(t.ours), 'order.created', false);
    await t.emit('order.created', { id: 'c' });
    expect(t.ours.send).toHaveBeenCalledTimes(1);
  });

  it('ignores subscriptions from untrusted senders and to unknown topics', async () => {
    const t = setup();
    const other = fakeWebContents(2);
    t.subscribe(t.eventFrom(other), 'order.created', true);
    t.subscribe(t.eventFrom(t.ours), 'order.deleted', true);
    await t.emit('order.created', {});
    await t.emit('order.deleted', {});
    expect(other.send).not.toHaveBeenCalled();
    expect(t.ours.send).not.toHaveBeenCalled();
  });

  it('stops sending to a destroyed window', async () => {
    const t = setup();
    t.subscribe(t.eventFrom(t.ours), 'order.created', true);
    t.ours.destroy();
    await t.emit('order.created', {});
    expect(t.ours.send).not.toHaveBeenCalled();
  });

  it('sends a burst bounded: the first of a name in a window, then what was left out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const t = setup();
      for (const topic of ['exchange.recorded', 'events.skipped'])
        t.subscribe(t.eventFrom(t.ours), topic, true);
      for (let i = 0; i < FEED_CAP + 30; i++) await t.emit('exchange.recorded', { id: `ex_${i}` });
      expect(t.ours.send).toHaveBeenCalledTimes(FEED_CAP);
      await vi.advanceTimersByTimeAsync(FEED_WINDOW_MS);
      await t.emit('exchange.recorded', { id: 'next window' });
      expect(t.ours.send.mock.calls.slice(FEED_CAP)).toEqual([
        [IPC_EVENT, 'events.skipped', { names: ['exchange.recorded'], count: 30 }],
        [IPC_EVENT, 'exchange.recorded', { id: 'next window' }],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('detaches everything it attached', () => {
    const t = setup();
    t.detach();
    expect(t.handlers.size).toBe(0);
    expect(t.listeners.size).toBe(0);
    expect(t.off).toHaveBeenCalledOnce();
  });
});

describe('toControlError', () => {
  it('keeps a SimFailure code and message', () => {
    expect(toControlError(new SimFailure('not_found', 'UNKNOWN_OPERATION', "unknown operation 'x'"))).toEqual(
      {
        code: 'UNKNOWN_OPERATION',
        message: "unknown operation 'x'",
      },
    );
  });
  it('hides the nature of other errors behind INTERNAL', () => {
    expect(toControlError('boom')).toEqual({ code: 'INTERNAL', message: 'Internal error: boom' });
  });
});
