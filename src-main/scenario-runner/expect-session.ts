import type { Session } from '@shared/schemas/ipp.schema';
import type { Expectation } from '@shared/schemas/scenario.schema';
import { fail, pass, type Verdict } from './expect-calls';
import { matches, wantText } from './field-match';

/** The in-person session at the end: its status, the cause of it, its statuses in order, its failure reason. */
export function sessionAtEnd(
  want: Extract<Expectation, { session: unknown }>['session'],
  s: Session | null,
): [string, Verdict] {
  const parts = [`status ${want.status}`];
  if (want.cause) parts.push(`by ${want.cause}`);
  if (want.history) parts.push(`through ${want.history.join(' → ')}`);
  if (want.failure_reason !== undefined) parts.push(`failure reason ${wantText(want.failure_reason)}`);
  const text = `the in-person session ends ${parts.join(', ')}`;
  const expected = parts.join(', ');
  if (!s) return [text, fail(expected, 'there is no in-person session (it was never created)')];
  const last = s.history.at(-1);
  const history = s.history.map((h) => h.status);
  const seenParts = [`status ${s.status}`, `by ${last?.cause ?? '?'}`, `through ${history.join(' → ')}`];
  if (want.failure_reason !== undefined)
    seenParts.push(
      `failure reason ${s.failure_reason === undefined ? 'absent' : JSON.stringify(s.failure_reason)}`,
    );
  const ok =
    s.status === want.status &&
    (want.cause === undefined || last?.cause === want.cause) &&
    (want.history === undefined ||
      (history.length === want.history.length && history.every((h, i) => h === want.history![i]))) &&
    (want.failure_reason === undefined || matches(s.failure_reason, want.failure_reason));
  const seen = seenParts.join(', ');
  return [text, ok ? pass(expected, seen) : fail(expected, seen)];
}
