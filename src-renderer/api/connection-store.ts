import { create } from 'zustand';
import { type ConnectionState } from './control-api';

/** How long a first connection may take before the console says the simulator is not answering. */
export const FIRST_CONNECT_GRACE_MS = 4000;
/** A stream that comes back this fast (a blip) never shows the banner. */
export const LOST_GRACE_MS = 800;

interface Link {
  state: ConnectionState;
  /** When the state last changed (ms, wall clock). */
  since: number;
  /** Whether the stream was ever open: "lost the simulator" rather than "still connecting". */
  everOpen: boolean;
}

/** Whether the console should say it has lost the simulator: the stream is down past its grace. */
export function serverDown(link: Link, now: number, startedAt: number): boolean {
  if (link.state === 'open') return false;
  if (link.everOpen) return now - link.since >= LOST_GRACE_MS;
  return now - startedAt >= FIRST_CONNECT_GRACE_MS;
}

/** When serverDown would turn true for this link, if it is not open. */
function downAt(link: Link, startedAt: number): number {
  return link.everOpen ? link.since + LOST_GRACE_MS : startedAt + FIRST_CONNECT_GRACE_MS;
}

interface ConnectionStore extends Link {
  /** The simulator is not answering: the banner is up, the clock stands still, pages say why they wait. */
  down: boolean;
  /** When the stream was last open (null before it ever was): the clock stops there. */
  lastOpenAt: number | null;
  set(state: ConnectionState): void;
}

const startedAt = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;

/** The console's link to the simulator, as the live event stream reports it (useLiveUpdates sets it). */
export const useConnectionStore = create<ConnectionStore>()((set, get) => {
  const check = () => {
    const link = get();
    const now = Date.now();
    if (serverDown(link, now, startedAt)) set({ down: true });
    else if (link.state !== 'open') timer = setTimeout(check, Math.max(0, downAt(link, startedAt) - now) + 5);
  };
  timer = setTimeout(check, FIRST_CONNECT_GRACE_MS + 5);
  return {
    state: 'connecting',
    since: startedAt,
    everOpen: false,
    down: false,
    lastOpenAt: null,
    set: (state) => {
      const prev = get();
      if (prev.state === state) return;
      const now = Date.now();
      clearTimeout(timer);
      set({
        state,
        since: now,
        everOpen: prev.everOpen || state === 'open',
        // Leaving "open": the last moment the console heard from the simulator.
        lastOpenAt: prev.state === 'open' ? now : state === 'open' ? null : prev.lastOpenAt,
        ...(state === 'open' ? { down: false } : {}),
      });
      if (state !== 'open') check();
    },
  };
});
