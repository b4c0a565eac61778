import { create } from 'zustand';

/** UI state only; anything the server knows lives in React Query. */
interface UiState {
  /** The log page's order-id filter, as typed. */
  logFilter: string;
  /** Whether secrets (the Basic auth password, Authorization headers) are shown in clear. */
  revealSecrets: boolean;
  setLogFilter(text: string): void;
  toggleRevealSecrets(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  logFilter: '',
  revealSecrets: false,
  setLogFilter: (logFilter) => set({ logFilter }),
  toggleRevealSecrets: () => set((s) => ({ revealSecrets: !s.revealSecrets })),
}));

/** What a masked secret looks like; fixed length so it does not leak the secret's length. */
export const MASK = '••••••••';
