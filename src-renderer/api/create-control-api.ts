import { type ControlApi } from './control-api';
import { HttpControlApi } from './http-control-api';
import { IpcControlApi } from './ipc-control-api';

/** Picks the transport: IPC inside the Electron window (the preload defines the bridge), else HTTP. */
export function createControlApi(win: Window = window): ControlApi {
  return win.checkoutSim ? new IpcControlApi(win.checkoutSim) : new HttpControlApi();
}
