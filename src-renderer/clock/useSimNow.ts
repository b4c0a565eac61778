import { useEffect, useState } from 'react';
import { useClock } from '../api/after-purchase-queries';
import { useConnectionStore } from '../api/connection-store';
import { aheadBy, simNowAt } from './countdown';

/** How often a running clock's reading is moved on in the console (the server sends no tick events). */
const TICK_MS = 250;

/**
 * The simulator's time now, in ms, moving with the clock: a manual clock stands still until an advance
 * (a `clock.changed` event), a running one is moved on by wall time × speed between readings.
 * Null until the clock is loaded. While the simulator does not answer, the clock stands at the last moment
 * the console heard from it (it cannot know what the simulator's clock does meanwhile).
 */
export function useSimNow(): number | null {
  const clock = useClock();
  const [wall, setWall] = useState(() => Date.now());
  const down = useConnectionStore((c) => c.down);
  const lastOpenAt = useConnectionStore((c) => c.lastOpenAt);
  const running = clock.data?.mode === 'real' && !down;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setWall(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  if (!clock.data) return null;
  const at = down && lastOpenAt !== null ? Math.min(wall, lastOpenAt) : wall;
  return simNowAt(clock.data, clock.dataUpdatedAt, Math.max(at, clock.dataUpdatedAt));
}

/** How often the computer's time is read for the "ahead" figure: minutes matter there, not seconds. */
const WALL_READ_MS = 10_000;

/** How far the simulator clock is ahead of the computer's (`1 d 2 h`), or null when it is not. */
export function useClockAhead(): string | null {
  const now = useSimNow();
  const [wall, setWall] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setWall(Date.now()), WALL_READ_MS);
    return () => clearInterval(id);
  }, []);
  return now === null ? null : aheadBy(now, wall);
}
