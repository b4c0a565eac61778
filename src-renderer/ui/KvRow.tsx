import { type ReactNode } from 'react';

/** One row of a description list (`dl.kv`): the term and its value, the value found by its test id. */
export function KvRow({ term, testId, children }: { term: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div className="kv-row">
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
