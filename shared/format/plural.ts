/*
 * A count and its noun in the right number: `1 exchange`, `2 exchanges`, `0 exchanges`. The console and
 * checkout write English, so English plural rules (through Intl, so a later language is a change of locale).
 */
const rules = new Intl.PluralRules('en');

/** `countOf(1, 'day')` → `1 day`; `countOf(3, 'day')` → `3 days`; an irregular plural as the third argument. */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en')} ${rules.select(n) === 'one' ? one : other}`;
}
