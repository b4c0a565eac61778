import { create } from 'zustand';

/** UI state of the terminals page: which finished session each terminal's screen was cleared of. */
interface TerminalUiState {
  /** Device id → the session id the person cleared from that screen. */
  cleared: Readonly<Record<string, string>>;
  clear(deviceId: string, sessionId: string): void;
}

export const useTerminalStore = create<TerminalUiState>()((set) => ({
  cleared: {},
  clear: (deviceId, sessionId) => set((s) => ({ cleared: { ...s.cleared, [deviceId]: sessionId } })),
}));
