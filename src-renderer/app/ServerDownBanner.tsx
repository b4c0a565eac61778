import { formatClockTime } from '../format/time';
import { useConnectionStore } from '../api/connection-store';

/**
 * Across the top of every page while the simulator does not answer: what happened, that the console keeps
 * trying, and how to start the simulator. It goes by itself once the simulator is back (the console then
 * reads everything again).
 */
export function ServerDownBanner() {
  const down = useConnectionStore((c) => c.down);
  const lostAt = useConnectionStore((c) => c.lastOpenAt);
  if (!down) return null;
  return (
    <div className="server-down" role="alert" data-testid="server-down">
      <span>
        <strong>The simulator is not answering.</strong>{' '}
        {lostAt !== null
          ? `The console lost its connection at ${formatClockTime(new Date(lostAt).toISOString())}: the simulator was stopped, or is restarting.`
          : 'The console cannot reach it: the simulator is not running, or is still starting.'}
      </span>
      <span>
        The console keeps trying, and every page fills in again by itself as soon as the simulator is back.
        Meanwhile the clock shows its last reading and stands still.
      </span>
      <span className="server-down-how">
        To start it, in the project’s folder: <code>npm start</code> (or <code>npm run serve</code>), with the
        same <code>--port</code> and <code>--data-dir</code> as before.
      </span>
      <span className="server-down-retry" data-testid="server-down-retrying">
        <span className="live-dot" aria-hidden="true" /> retrying…
      </span>
    </div>
  );
}
