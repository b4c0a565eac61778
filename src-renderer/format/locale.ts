/**
 * The browser's locale, which the console formats money and dates for (issue 24 point 6; the embedded checkout
 * uses the order's `locale` instead). Read per call, so a test that stubs `navigator` needs no module reload;
 * outside a browser (unit tests on Node 20) it is plain `en`.
 */
export function browserLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en';
}
