import { type ReactNode } from 'react';

/**
 * Reference material that folds out on demand: a one-line summary (title and a short hint of what is inside)
 * so that the page's first screens hold what the user came for.
 */
export function Fold({
  title,
  hint,
  testId,
  open = false,
  children,
}: {
  title: string;
  hint?: string;
  testId: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="fold" data-testid={testId} open={open}>
      <summary className="fold-summary">
        <span className="fold-title">{title}</span>
        {hint && <span className="muted small fold-hint">{hint}</span>}
      </summary>
      <div className="fold-body">{children}</div>
    </details>
  );
}
