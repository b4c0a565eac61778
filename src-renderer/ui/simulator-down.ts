import { createContext, useContext } from 'react';

/**
 * Whether the simulator is not answering, as the shell (app/) learns it from the live event stream. The
 * shared pieces read it here rather than from the connection store, so that ui/ depends on no store.
 * Outside a provider it is false: a piece shown on its own behaves as with the simulator up.
 */
export const SimulatorDownContext = createContext(false);

/** Whether the simulator is not answering (the shell's banner says why). */
export const useSimulatorDown = (): boolean => useContext(SimulatorDownContext);
