import { type EntryProblem } from './origin-edit';

/** The entries of an origins box the simulator refused, each with its reason (which quotes the entry). */
export function OriginProblems({ problems, testId }: { problems: readonly EntryProblem[]; testId: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="origin-problems" role="alert" data-testid={testId}>
      {problems.map((p, i) => (
        <li key={i} data-testid={`${testId}-entry`} data-index={p.index}>
          {p.index >= 0 && <span className="muted">Entry {p.index + 1}: </span>}
          {p.message}
        </li>
      ))}
    </ul>
  );
}
