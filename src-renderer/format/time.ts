const pad = (n: number, width = 2) => n.toString().padStart(width, '0');

/** Local date and time as `2025-11-21 15:41:03`: unambiguous and sortable, for a developer tool. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatClock(d)}`;
}

/** Local date and time with milliseconds, for log rows: `2025-11-21 15:41:03.042`. */
export function formatDateTimeMs(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDateTime(iso)}.${pad(d.getMilliseconds(), 3)}`;
}

/** Local time of day with milliseconds: `15:41:03.042`. */
export function formatTimeMs(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatClock(d)}.${pad(d.getMilliseconds(), 3)}`;
}

function formatClock(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A duration in ms for log rows: `12 ms`, `1.25 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}\u00a0ms`;
  return `${(ms / 1000).toFixed(2)}\u00a0s`;
}
