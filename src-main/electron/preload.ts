// The sandboxed preload: exposes the control contract's two calls to the console and nothing else
// (no ipcRenderer, no Node). Built to out/preload/preload.cjs, CommonJS as sandboxed preloads must be.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './preload-bridge';

contextBridge.exposeInMainWorld('checkoutSim', createPreloadBridge(ipcRenderer));
