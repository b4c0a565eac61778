import {
  type EventName,
  type EventPayload,
  type OpInput,
  type OpName,
  type OpOutput,
  type PreloadBridge,
} from '@shared/contract/control';
import { parseEventPayload, unwrapEnvelope, type ConnectionState, type ControlApi } from './control-api';

/** The control contract over Electron IPC, through the preload's `window.checkoutSim` bridge. */
export class IpcControlApi implements ControlApi {
  constructor(private readonly bridge: PreloadBridge) {}

  async invoke<K extends OpName>(op: K, input: OpInput<K>): Promise<OpOutput<K>> {
    const result = await this.bridge.invoke(op, input ?? {});
    return unwrapEnvelope(result) as OpOutput<K>;
  }

  subscribe<K extends EventName>(name: K, cb: (payload: EventPayload<K>) => void): () => void {
    return this.bridge.subscribe(name, (raw) => {
      const payload = parseEventPayload(name, raw);
      if (payload !== undefined) cb(payload);
    });
  }

  onConnection(cb: (state: ConnectionState) => void): () => void {
    // IPC lives as long as the window: it is always connected.
    cb('open');
    return () => {};
  }
}
