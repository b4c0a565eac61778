import { type DeviceView } from '@shared/contract/ipp-ops';
import { type Session } from '@shared/schemas/ipp.schema';
import { Fragment, useEffect, useState } from 'react';
import { formatMoney } from '../format/money';
import { formatWhen } from '../format/time';
import { StatusBadge } from '../ui/StatusBadge';
import { SessionDetail } from './SessionDetail';
import { DataTable, num } from '../ui/DataTable';

const COLUMNS = 7;

/**
 * Every in-person session, newest first; a click unfolds its history and the API calls about it.
 * `expandId` starts unfolded (the page keys the list by it, so a new link starts afresh).
 */
export function SessionList({
  sessions,
  devices,
  expandId,
}: {
  sessions: readonly Session[];
  devices: readonly DeviceView[];
  expandId?: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(expandId ? [expandId] : []));
  useEffect(() => {
    // A link from a terminal's result screen lands on its session, wherever it is in the list.
    if (!expandId) return;
    document
      .querySelector(`[data-session-id="${CSS.escape(expandId)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [expandId]);
  const names = new Map(devices.map((d) => [d.id, d.name]));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (sessions.length === 0) {
    return (
      <div className="empty" data-testid="sessions-empty">
        No session yet. Start one with <code>POST /ipp/v1/sessions</code> on a device; it shows up on that
        terminal and here.
      </div>
    );
  }
  return (
    <DataTable
      columns={[
        { ariaLabel: 'Expand' },
        'Created',
        'Device',
        num('Amount'),
        'Status',
        'Reference',
        'Session',
      ]}
      className="table session-table"
      testId="session-list"
    >
      {sessions.map((s) => (
        <Fragment key={s.session_id}>
          <tr
            className={`clickable${open.has(s.session_id) ? ' expanded' : ''}`}
            onClick={() => toggle(s.session_id)}
            data-testid="session-row"
            data-session-id={s.session_id}
            data-status={s.status}
          >
            <td>
              <button
                type="button"
                className="chevron"
                aria-expanded={open.has(s.session_id)}
                aria-label={open.has(s.session_id) ? 'Fold' : 'Unfold'}
                data-testid="session-toggle"
              >
                {open.has(s.session_id) ? '▾' : '▸'}
              </button>
            </td>
            <td className="num-font nowrap">{formatWhen(s.created_at)}</td>
            <td data-testid="session-device">{names.get(s.device_id) ?? s.device_id}</td>
            <td className="num" data-testid="session-amount">
              {formatMoney(s.order_amount, s.purchase_currency)}
            </td>
            <td>
              <StatusBadge status={s.status} testId="session-status" />
            </td>
            <td className="muted">{s.merchant_reference1 ?? '—'}</td>
            <td className="mono small muted">{s.session_id}</td>
          </tr>
          {open.has(s.session_id) && (
            <tr className="detail-row" data-testid="session-detail-row">
              <td colSpan={COLUMNS}>
                <SessionDetail session={s} />
              </td>
            </tr>
          )}
        </Fragment>
      ))}
    </DataTable>
  );
}
