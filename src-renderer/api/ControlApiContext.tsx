import { createContext, useContext, type ReactNode } from 'react';
import { type ControlApi } from './control-api';

const ControlApiContext = createContext<ControlApi | null>(null);

export function ControlApiProvider({ api, children }: { api: ControlApi; children: ReactNode }) {
  return <ControlApiContext.Provider value={api}>{children}</ControlApiContext.Provider>;
}

/** The control API of the current app; components never pick a transport themselves. */
export function useControlApi(): ControlApi {
  const api = useContext(ControlApiContext);
  if (!api) throw new Error('useControlApi must be used inside <ControlApiProvider>');
  return api;
}
