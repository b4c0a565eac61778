import { create } from 'zustand';

/** UI state only; anything the server knows lives in React Query. */
interface UiState {
  /** Whether secrets (the Basic auth password, Authorization headers) are shown in clear. */
  revealSecrets: boolean;
  toggleRevealSecrets(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  revealSecrets: false,
  toggleRevealSecrets: () => set((s) => ({ revealSecrets: !s.revealSecrets })),
}));

/** What a masked secret looks like; fixed length so it does not leak the secret's length. */
export const MASK = '••••••••';
