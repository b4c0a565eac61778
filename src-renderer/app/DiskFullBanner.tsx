import { droppedText, useLogStatus } from '../api/log-status';

/**
 * Across the top of every page while the disk holding the data folder is full: writes are refused (507)
 * and exchanges are not logged until there is space again. It goes by itself once a write succeeds.
 */
export function DiskFullBanner() {
  const status = useLogStatus();
  const full = status.data?.disk_full;
  if (!full) return null;
  const dropped = status.data?.dropped ?? 0;
  return (
    <div className="server-down" role="alert" data-testid="disk-full">
      <span>
        <strong>The disk is full.</strong> {full.message}.
      </span>
      <span data-testid="disk-full-dropped" data-count={dropped}>
        Requests that change something are answered 507 until then
        {droppedText(dropped)}
      </span>
    </div>
  );
}
