import { type ReactNode } from 'react';

/** Renders a query's loading and error states the same way everywhere; children only once there is data. */
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
