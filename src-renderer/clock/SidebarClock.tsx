import { useClock } from '../api/after-purchase-queries';
import { useConnectionStore } from '../api/connection-store';
import { formatWhen, splitWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { clockModeLabel } from './countdown';
import { useClockAhead, useSimNow } from './useSimNow';
import './clock.css';

/** The simulator's time and mode, always in view; a click opens the clock controls. */
export function SidebarClock() {
  const clock = useClock();
  const now = useSimNow();
  const down = useConnectionStore((c) => c.down);
  const ahead = useClockAhead();
  if (!clock.data || now === null) return null;
  // The console's one time style (shared/rules/time-format.ts) without the year, which the sidebar has no
  // room for (the year is in the title); the time of day in bold.
  const iso = new Date(now).toISOString();
  const [date, time] = splitWhen(iso, { noYear: true });
  const running = clock.data.mode === 'real';
  return (
    <a
      className="sidebar-clock"
      href={formatRoute({ name: 'push' })}
      data-testid="sidebar-clock"
      data-mode={clock.data.mode}
      data-ticking={running && !down}
      title="The simulator clock drives every timer: open the clock controls"
    >
      <span className="sidebar-clock-label">Sim clock</span>
      <span className="sidebar-clock-time mono" data-testid="sidebar-clock-time" title={formatWhen(iso)}>
        <span>{date}</span>
        <strong>{time}</strong>
      </span>
      {down ? (
        <span
          className="badge badge-bad sidebar-clock-down"
          data-testid="sidebar-clock-mode"
          data-down="true"
          title="The simulator is not answering: this is the clock's last reading, standing still"
        >
          ■ no connection
        </span>
      ) : (
        <span className={`badge ${running ? 'badge-ok' : 'badge-pending'}`} data-testid="sidebar-clock-mode">
          {running ? `▶ ${clockModeLabel(clock.data)}` : '❚❚ paused'}
        </span>
      )}
      {ahead && !down && (
        <span
          className="sidebar-clock-ahead"
          data-testid="sidebar-clock-ahead"
          title="Advancing moved the simulator clock past the computer’s; Push has “Back to now”"
        >
          {ahead} ahead of the computer’s time
        </span>
      )}
    </a>
  );
}
