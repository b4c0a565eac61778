import type { FieldMatch } from '@shared/schemas/scenario.schema';

/* A field's expected value (`equal`, `{present}`, `{matches}`), as the read expectations judge it. */

export function matches(value: unknown, want: FieldMatch): boolean {
  if (want !== null && typeof want === 'object') {
    if ('present' in want) return (value !== undefined) === want.present;
    return typeof value === 'string' && new RegExp(want.matches).test(value);
  }
  return value === want;
}

export const wantText = (want: FieldMatch) =>
  want !== null && typeof want === 'object'
    ? 'present' in want
      ? want.present
        ? 'present'
        : 'absent'
      : `matching /${want.matches}/`
    : JSON.stringify(want);
