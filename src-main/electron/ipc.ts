/*
 * The IPC transport of the control contract: the Electron twin of the HTTP control API. It adds no
 * behaviour: it checks who is calling, hands the call to the console's control (boot's `control`:
 * the core's operations plus `merchant.request`, http/console-control.ts; it validates the input with the
 * contract's schemas) and forwards core events to the windows that subscribed to them.
 * ipcMain is injected so this module can be tested under plain Node.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  IPC_EVENT,
  IPC_INVOKE,
  IPC_SUBSCRIBE,
  isEventName,
  type ControlError,
} from '@shared/contract/control';
import { SimFailure } from '../core/errors';
import { eventFeed, type EventSource } from '../core/event-feed';
import { isTrustedSender } from './window-options';

/** What the transport needs: the console's control (boot's `control`) and the core's events. */
export interface ControlCore {
  control: { invoke(op: string, input: unknown): Promise<unknown> };
  events: EventSource;
}

export interface ControlIpcOptions {
  core: ControlCore;
  /** The file:// URL of the renderer page; IPC from any other page is refused. */
  rendererUrl: string;
  /** True when the webContents belongs to one of the shell's windows. */
  isOurWebContents: (wc: WebContents) => boolean;
  log?: (message: string) => void;
}

type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>;
type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

/** Maps anything thrown by the core to the contract's error shape. */
export function toControlError(err: unknown): ControlError {
  // A SimFailure (unknown op, invalid input, not found…) carries a contract code and a readable message.
  if (err instanceof SimFailure) {
    return err.problems.length > 0
      ? { code: err.code, message: err.message, problems: [...err.problems] }
      : { code: err.code, message: err.message };
  }
  // Anything else is a bug; the renderer gets a generic code, the message helps the developer.
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: `Internal error: ${message}` };
}

function senderIsTrusted(event: SenderEvent, opts: ControlIpcOptions): boolean {
  const frame = event.senderFrame;
  return isTrustedSender(
    {
      frameUrl: frame?.url,
      isMainFrame: frame !== null && frame !== undefined && frame.parent === null,
      isOurWindow: opts.isOurWebContents(event.sender),
    },
    opts.rendererUrl,
  );
}

/** Registers the control handlers on ipcMain; returns a function that removes them again. */
export function attachControlIpc(ipc: IpcMainLike, opts: ControlIpcOptions): () => void {
  const log = opts.log ?? (() => undefined);
  /** Topics each window asked for, by webContents id. */
  const subscribers = new Map<number, { wc: WebContents; topics: Set<string> }>();

  ipc.handle(IPC_INVOKE, async (event: IpcMainInvokeEvent, op: unknown, input: unknown) => {
    if (!senderIsTrusted(event, opts)) {
      log(`refused IPC invoke from ${event.senderFrame?.url ?? 'a closed frame'}`);
      return {
        ok: false,
        error: { code: 'FORBIDDEN', message: 'IPC is only accepted from the console window' },
      };
    }
    if (typeof op !== 'string')
      return { ok: false, error: { code: 'BAD_INPUT', message: 'op must be a string' } };
    try {
      return { ok: true, value: await opts.core.control.invoke(op, input) };
    } catch (err) {
      const error = toControlError(err);
      if (error.code === 'INTERNAL') log(`control op ${op} failed: ${error.message}`);
      return { ok: false, error };
    }
  });

  const onSubscribe = (event: IpcMainEvent, topic: unknown, on: unknown) => {
    if (!senderIsTrusted(event, opts) || typeof topic !== 'string' || !isEventName(topic)) return;
    const wc = event.sender;
    let entry = subscribers.get(wc.id);
    if (!entry) {
      subscribers.set(wc.id, (entry = { wc, topics: new Set() }));
      // A closed window must not keep its subscriptions (nor be sent to).
      wc.once('destroyed', () => subscribers.delete(wc.id));
    }
    if (on === false) entry.topics.delete(topic);
    else entry.topics.add(topic);
  };
  ipc.on(IPC_SUBSCRIBE, onSubscribe);

  // The events as a console window is sent them: in order, a burst bounded (core/event-feed.ts).
  const offEvents = eventFeed(opts.core.events, (batch) => {
    for (const [name, payload] of batch) {
      for (const { wc, topics } of subscribers.values()) {
        if (topics.has(name) && !wc.isDestroyed()) wc.send(IPC_EVENT, name, payload);
      }
    }
  });

  return () => {
    offEvents();
    ipc.removeHandler(IPC_INVOKE);
    ipc.removeListener(IPC_SUBSCRIBE, onSubscribe);
    subscribers.clear();
  };
}
