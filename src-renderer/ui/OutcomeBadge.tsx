import { type StepOutcome } from '@shared/schemas/session.schema';

const TONE: Record<StepOutcome, 'ok' | 'pending' | 'bad'> = {
  applied: 'ok',
  completed: 'ok',
  rejected: 'pending',
  redirected: 'pending',
  failed: 'bad',
  denied: 'bad',
};

/** A step's outcome (applied, rejected, failed…) as a coloured badge. */
export function OutcomeBadge({ outcome, testId = 'outcome' }: { outcome: StepOutcome; testId?: string }) {
  return (
    <span className={`badge badge-${TONE[outcome]}`} data-testid={testId} data-outcome={outcome}>
      {outcome}
    </span>
  );
}
