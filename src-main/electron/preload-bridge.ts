/*
 * The object the preload exposes as `window.checkoutSim`. Built from an injected ipcRenderer so it can be
 * tested without Electron; preload.ts hands it the real one. Must stay free of runtime imports other
 * than ./preload-allowlist (see there why).
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { ControlError, PreloadBridge } from '@shared/contract/control';
import { CHANNELS, isAllowedTopic } from './preload-allowlist';

type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'send' | 'on'>;
type InvokeResult = Awaited<ReturnType<PreloadBridge['invoke']>>;

const failure = (error: ControlError): InvokeResult => ({ ok: false, error });

/** Creates the bridge: `invoke(op, input)` and `subscribe(topic, cb)`, nothing else. */
export function createPreloadBridge(ipc: IpcRendererLike): PreloadBridge {
  // One IPC listener for all topics; the main process sends a topic only while someone here wants it.
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  ipc.on(CHANNELS.event, (_event: IpcRendererEvent, topic: unknown, payload: unknown) => {
    if (typeof topic !== 'string') return;
    for (const cb of listeners.get(topic) ?? []) {
      try {
        cb(payload);
      } catch (err) {
        // One broken subscriber must not starve the others of the event.
        console.error(`checkoutSim: subscriber of ${topic} threw`, err);
      }
    }
  });

  return {
    async invoke(op, input) {
      if (typeof op !== 'string') return failure({ code: 'BAD_INPUT', message: 'op must be a string' });
      return (await ipc.invoke(CHANNELS.invoke, op, input)) as InvokeResult;
    },
    subscribe(topic, cb) {
      if (!isAllowedTopic(topic))
        throw new TypeError(`checkoutSim.subscribe: unknown event topic '${String(topic)}'`);
      if (typeof cb !== 'function')
        throw new TypeError('checkoutSim.subscribe: the callback must be a function');
      let set = listeners.get(topic);
      if (!set) {
        listeners.set(topic, (set = new Set()));
        ipc.send(CHANNELS.subscribe, topic, true);
      }
      // A fresh wrapper per call, so subscribing the same function twice needs two unsubscribes.
      const entry = (payload: unknown) => cb(payload);
      set.add(entry);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(entry);
        if (set.size === 0 && listeners.get(topic) === set) {
          listeners.delete(topic);
          ipc.send(CHANNELS.subscribe, topic, false);
        }
      };
    },
  };
}
