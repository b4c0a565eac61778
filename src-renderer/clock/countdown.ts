/**
 * How long until something on the simulator clock: `in 45 s`, `in 14 min 59 s`, `in 3 h 12 min`,
 * `in 2 d 4 h`; `due now` once it is due (a manual clock waits there until it is advanced).
 */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return 'due now';
  return `in ${formatSpan(ms)}`;
}

/** A span of time in its two largest units, rounded up to the second: `1 min 5 s`, `3 h`, `2 d 4 h`. */
export function formatSpan(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: Array<[number, string]> =
    d > 0
      ? [
          [d, 'd'],
          [h, 'h'],
        ]
      : h > 0
        ? [
            [h, 'h'],
            [m, 'min'],
          ]
        : m > 0
          ? [
              [m, 'min'],
              [s, 's'],
            ]
          : [[s, 's']];
  const shown = parts.filter(([n], i) => i === 0 || n > 0);
  return shown.map(([n, unit]) => `${n}\u00a0${unit}`).join(' ');
}

/** The simulator's time as the console shows it while the clock runs: the last reading moved on by wall time × speed. */
export function simNowAt(
  reading: { now: string; mode: 'real' | 'manual'; speed: number },
  readAtWallMs: number,
  wallNowMs: number,
): number {
  const base = Date.parse(reading.now);
  if (reading.mode === 'manual') return base;
  return base + Math.max(0, wallNowMs - readAtWallMs) * reading.speed;
}

/** The clock's mode in a word or two: `paused`, `real time`, `×60`. */
export function clockModeLabel(reading: { mode: 'real' | 'manual'; speed: number }): string {
  if (reading.mode === 'manual') return 'paused';
  return reading.speed === 1 ? 'real time' : `×${reading.speed}`;
}

/** Below this the console does not call the clock ahead: readings and the two computers' clocks may differ a little. */
const AHEAD_FROM_MS = 60_000;

/** How far the simulator clock is ahead of the computer's (`1 d 2 h`), or null when it is not (noticeably). */
export function aheadBy(simNowMs: number, wallNowMs: number): string | null {
  const ahead = simNowMs - wallNowMs;
  return ahead >= AHEAD_FROM_MS ? formatSpan(ahead) : null;
}
