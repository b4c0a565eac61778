import { useEffect, useState } from 'react';
import { useClock } from '../after-purchase/after-purchase-queries';
import { simNowAt } from './countdown';

/** How often a running clock's reading is moved on in the console (the server sends no tick events). */
const TICK_MS = 250;

/**
 * The simulator's time now, in ms, moving with the clock: a manual clock stands still until an advance
 * (a `clock.changed` event), a running one is moved on by wall time × speed between readings.
 * Null until the clock is loaded.
 */
export function useSimNow(): number | null {
  const clock = useClock();
  const [wall, setWall] = useState(() => Date.now());
  const running = clock.data?.mode === 'real';
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setWall(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  if (!clock.data) return null;
  return simNowAt(clock.data, clock.dataUpdatedAt, Math.max(wall, clock.dataUpdatedAt));
}
