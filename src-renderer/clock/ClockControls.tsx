import { type ClockView } from '@shared/contract/after-purchase-ops';
import { type AdvanceResult } from '@shared/schemas/clock.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apKeys, useClock } from '../api/after-purchase-queries';
import { useConnectionStore } from '../api/connection-store';
import { useControlApi } from '../api/ControlApiContext';
import { formatWhen } from '../format/time';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { QueryStatus } from '../ui/QueryStatus';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { clockModeLabel, formatCountdown } from './countdown';
import { FiredList } from './FiredList';
import { useClockAhead, useSimNow } from './useSimNow';
import './clock.css';
import { Options } from '../form/Options';

/** Speeds offered for a running clock: real time, then an hour in 6 min, 1 min, 6 s, 1 s. */
export const SPEEDS = [1, 10, 60, 600, 3600] as const;

/** The fixed steps of the clock, each a button: seconds, its label, its test id. */
const STEPS = [
  [3600, '+1 hour', 'clock-plus-hour'],
  [86_400, '+1 day', 'clock-plus-day'],
] as const;

/** The simulator clock with its controls: pause, play at a speed, advance to the next event, +1 hour, +1 day. */
export function ClockControls() {
  const clock = useClock();
  return (
    <section className="card clock-card" data-testid="clock-controls" aria-label="Simulator clock">
      <QueryStatus isPending={clock.isPending} error={clock.error} what="the clock">
        {clock.data && <ClockBody view={clock.data} />}
      </QueryStatus>
    </section>
  );
}

function ClockBody({ view }: { view: ClockView }) {
  const api = useControlApi();
  const client = useQueryClient();
  const now = useSimNow() ?? Date.parse(view.now);
  const [speed, setSpeed] = useState<number>(view.mode === 'real' ? view.speed : 60);
  const set = useMutation({
    mutationFn: (input: { mode?: 'real' | 'manual'; speed?: number }) => api.invoke('clock.set', input),
    onSuccess: (next) => client.setQueryData(apKeys.clock, next),
  });
  const advance = useMutation({
    mutationFn: (input: { seconds: number } | { until: 'next_event' }) => api.invoke('clock.advance', input),
    onSuccess: () => {
      // The events follow too; refetching here makes the page right even if the stream lags.
      void client.invalidateQueries({ queryKey: apKeys.clock });
      void client.invalidateQueries({ queryKey: apKeys.push });
      void client.invalidateQueries({ queryKey: apKeys.om });
    },
  });
  const back = useMutation({
    mutationFn: () => api.invoke('clock.backToNow', {}),
    onSuccess: (next) => {
      client.setQueryData(apKeys.clock, next);
      void client.invalidateQueries({ queryKey: apKeys.push });
    },
  });
  const ahead = useClockAhead();
  // Without the simulator there is nothing to control: the buttons wait for it with the rest of the page.
  const down = useConnectionStore((c) => c.down);
  const busy = set.isPending || advance.isPending || back.isPending || down;
  const running = view.mode === 'real';
  const errors = toFormErrors(set.error ?? advance.error ?? back.error);
  const nextAt = view.next_event_at ? Date.parse(view.next_event_at) : null;

  return (
    <div className="clock">
      <div className="clock-reading">
        <span className="clock-time mono" data-testid="clock-now">
          {formatWhen(new Date(now).toISOString())}
        </span>
        <span
          className={`badge ${down ? 'badge-bad' : running ? 'badge-ok' : 'badge-pending'}`}
          data-testid="clock-mode"
          data-mode={view.mode}
        >
          {down
            ? 'no connection: the last reading'
            : running
              ? `running · ${clockModeLabel(view)}`
              : 'paused (manual)'}
        </span>
        <SimDefinedBadge />
        <span className="muted small" data-testid="clock-next-event">
          {nextAt === null
            ? 'No timer is pending.'
            : `Next event ${formatWhen(view.next_event_at!)} (${formatCountdown(nextAt - now)}) · ${view.pending_timers} timer${view.pending_timers === 1 ? '' : 's'} pending`}
        </span>
      </div>
      <div className="clock-buttons" role="group" aria-label="Clock controls">
        <button
          type="button"
          className="btn"
          disabled={busy || !running}
          onClick={() => set.mutate({ mode: 'manual' })}
          data-testid="clock-pause"
          title="Manual mode: the clock stands still until you advance it"
        >
          ❚❚ Pause
        </button>
        <span className="clock-play">
          <button
            type="button"
            className="btn"
            disabled={busy || (running && view.speed === speed)}
            onClick={() => set.mutate({ mode: 'real', speed })}
            data-testid="clock-play"
          >
            ▶ {running && view.speed !== speed ? 'Change speed' : 'Play'}
          </button>
          <select
            className="input clock-speed"
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            aria-label="Speed"
            data-testid="clock-speed"
          >
            <Options values={SPEEDS} label={(s) => (s === 1 ? 'real time' : `×${s}`)} />
          </select>
        </span>
        <span className="clock-sep" aria-hidden="true" />
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || nextAt === null}
          onClick={() => advance.mutate({ until: 'next_event' })}
          data-testid="clock-next"
        >
          {advance.isPending ? 'Advancing…' : 'Advance to next event'}
        </button>
        {STEPS.map(([seconds, label, testId]) => (
          <button
            key={testId}
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => advance.mutate({ seconds })}
            data-testid={testId}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="btn"
          disabled={busy || ahead === null}
          onClick={() => {
            advance.reset();
            back.mutate();
          }}
          data-testid="clock-back-to-now"
          title={
            ahead
              ? `The clock is ${ahead} ahead of the computer’s: bring it back (timers keep their simulator times)`
              : 'The clock is not ahead of the computer’s time'
          }
        >
          ⟲ Back to now
        </button>
      </div>
      {ahead && (
        <p className="clock-ahead small" data-testid="clock-ahead">
          The clock is {ahead} ahead of the computer’s time. Back to now sets it to the computer’s time;
          timers still pending keep their simulator times, so each comes due {ahead} later by the computer’s
          clock.
        </p>
      )}
      {back.data && !advance.data && (
        <p className="muted small" data-testid="clock-back-message" aria-live="polite">
          {back.data.message}
        </p>
      )}
      {advance.data && <AdvanceReport result={advance.data} />}
      <ErrorSummary errors={errors} testId="clock-error" />
    </div>
  );
}

function AdvanceReport({ result }: { result: AdvanceResult }) {
  return (
    <div className="clock-fired" data-testid="clock-fired" data-count={result.fired_total} aria-live="polite">
      {result.fired_total === 0 ? (
        <span className="muted">Nothing came due; the clock stands at {formatWhen(result.now)}.</span>
      ) : (
        <>
          <span>
            Fired {result.fired_total} timer{result.fired_total === 1 ? '' : 's'}; the clock stands at{' '}
            {formatWhen(result.now)}.
          </span>
          <FiredList fired={result.fired} total={result.fired_total} />
        </>
      )}
    </div>
  );
}
