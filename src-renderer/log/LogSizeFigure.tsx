import { sizeLine, useLogStatus } from '../api/log-status';

/** The log's size on disk against its cap (Settings), and how many exchanges were pruned or dropped. */
export function LogSizeFigure() {
  const status = useLogStatus();
  if (!status.data) return null;
  const s = status.data;
  return (
    <span
      className="muted small"
      data-testid="log-size"
      data-bytes={s.bytes}
      data-max-bytes={s.max_bytes}
      data-pruned={s.pruned}
      data-dropped={s.dropped}
      title="The log's files on disk against its size cap (Settings); past it the oldest exchanges are removed"
    >
      {sizeLine(s)}
    </span>
  );
}
