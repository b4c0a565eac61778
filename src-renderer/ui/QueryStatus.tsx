import { type ReactNode } from 'react';
import { isTransient } from '../api/control-api';
import { useSimulatorDown } from './simulator-down';

/**
 * Renders a query's loading and error states the same way everywhere; children only once there is data.
 * While the simulator does not answer, a page waiting for data says so (the banner says why) instead of
 * "Loading…" forever; it fills in by itself once the simulator is back.
 */
export function QueryStatus({
  isPending,
  error,
  what,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  what: string;
  children: ReactNode;
}) {
  const down = useSimulatorDown();
  if (down && (isPending || (error && isTransient(error)))) {
    return (
      <div className="notice notice-warn" role="status" data-testid="query-waiting">
        Waiting for the simulator to load {what}: it is not answering (see above). This fills in as soon as it
        is back.
      </div>
    );
  }
  if (error) {
    return (
      <div className="notice notice-error" role="alert" data-testid="query-error">
        Could not load {what}: {error.message}
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="notice" data-testid="query-loading">
        Loading {what}…
      </div>
    );
  }
  return <>{children}</>;
}
