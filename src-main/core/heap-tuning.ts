import { setFlagsFromString } from 'node:v8';

/** How far V8 lets the old generation grow past what the last full collection kept, in percent. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Keeps the JavaScript heap near what is live. V8's default lets the old generation grow to about four
 * times the live size between full collections when collecting is cheap, as it is here: an advance that
 * fires 160,000 pushes keeps about 25 MB live yet grew the heap to over 100 MB of garbage, pushing the
 * process past 280 MB. A desktop tool that runs beside an IDE and a browser should stay small; a full
 * collection of a heap this size takes a few milliseconds. V8 reads this flag at each collection, so
 * setting it once the process runs takes effect. Called by the shells (headless server, Electron main).
 */
export function keepHeapSmall(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
