import { type ReactNode } from 'react';
import { useConnectionStore } from '../api/connection-store';
import { SimulatorDownContext } from '../ui/simulator-down';

/** Hands the connection store's "not answering" to the shared pieces (QueryStatus): ui/ reads no store. */
export function SimulatorDownProvider({ children }: { children: ReactNode }) {
  const down = useConnectionStore((c) => c.down);
  return <SimulatorDownContext value={down}>{children}</SimulatorDownContext>;
}
