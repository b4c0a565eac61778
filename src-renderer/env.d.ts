/// <reference types="vite/client" />
import type { PreloadBridge } from '@shared/contract/control';

declare global {
  interface Window {
    /** Present only inside the Electron window, where the preload exposes the control contract. */
    checkoutSim?: PreloadBridge;
  }
}
