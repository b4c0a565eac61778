import { formatDuration } from '../rules/duration';
import type { ExploreProgress } from '../schemas/explore.schema';
import { countOf } from './plural';

/**
 * `12/100 runs · 1 finding · 3 ended early · 41 s left`: an explore run's progress as `checkout-sim explore`
 * prints it and the console's Explore page shows it (after the run's state). The runs that ended early
 * only once there are any; the time left only with a time limit, and while `timeLeft` says it counts.
 */
export function progressLine(p: ExploreProgress, timeLeft = true): string {
  const runs = p.runs_total === null ? `${p.runs_done} runs` : `${p.runs_done}/${p.runs_total} runs`;
  const early = p.ended_early > 0 ? ` · ${p.ended_early} ended early` : '';
  const left =
    timeLeft && p.time_left_ms !== null
      ? ` · ${formatDuration(Math.ceil(p.time_left_ms / 1000) * 1000)} left`
      : '';
  return `${runs} · ${countOf(p.findings, 'finding')}${early}${left}`;
}
