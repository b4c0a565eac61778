/**
 * Under npm (`npm run serve`, `npm start`) the simulator's parent is the `sh -c` npm runs the script in. A
 * signal sent to npm (a CI script's `kill $!`) reaches that shell, which dies without passing it on, and
 * the simulator would live on as an orphan holding its ports. Watching the parent closes that gap: when it
 * is gone (the process was re-parented), the simulator stops as it would on SIGTERM.
 */
export function watchParent(
  onGone: () => void,
  opts: { intervalMs?: number; parentPid?: () => number } = {},
): () => void {
  const parentPid = opts.parentPid ?? (() => process.ppid);
  const first = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === first) return;
    clearInterval(timer);
    onGone();
  }, opts.intervalMs ?? 250);
  // Never the reason the process stays up.
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether npm started this process (directly or through its script shell): npm sets these for its scripts. */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_lifecycle_event !== undefined && env.npm_lifecycle_event !== '';
}
