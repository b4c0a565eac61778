import { type Exchange } from '@shared/schemas/exchange.schema';
import { Fragment, useEffect, useState } from 'react';
import { formatDuration, formatTimeMs } from '../format/time';
import { displayUrl, outcomeTone, statusClass } from './exchange-view';
import { ExchangeDetail } from './ExchangeDetail';

const COLUMNS = 9;

/** The exchanges as rows; a click on a row unfolds its request and response. `expandId` starts unfolded. */
export function LogTable({ exchanges, expandId }: { exchanges: Exchange[]; expandId?: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(expandId ? [expandId] : []));
  useEffect(() => {
    // A link from a session step lands on its exchange, wherever it is in the list.
    if (expandId)
      document
        .querySelector(`[data-exchange-id="${CSS.escape(expandId)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [expandId]);
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="table-wrap">
      <table className="table log-table" data-testid="log-list">
        <thead>
          <tr>
            <th aria-label="Expand" />
            <th>Time</th>
            <th>Dir</th>
            <th>Kind</th>
            <th>Method</th>
            <th>URL</th>
            <th className="num">Status</th>
            <th>Outcome</th>
            <th className="num">Duration</th>
          </tr>
        </thead>
        <tbody>
          {exchanges.map((e) => (
            <Fragment key={e.id}>
              <LogRow
                exchange={e}
                expanded={open.has(e.id)}
                linked={e.id === expandId}
                onToggle={() => toggle(e.id)}
              />
              {open.has(e.id) && (
                <tr className="detail-row" data-testid="log-row-detail">
                  <td colSpan={COLUMNS}>
                    <ExchangeDetail exchange={e} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LogRow({
  exchange: e,
  expanded,
  linked,
  onToggle,
}: {
  exchange: Exchange;
  expanded: boolean;
  linked: boolean;
  onToggle: () => void;
}) {
  const problems = e.violations.length;
  return (
    <tr
      className={`clickable${expanded ? ' expanded' : ''}${linked ? ' linked' : ''}`}
      onClick={onToggle}
      data-testid="log-row"
      data-exchange-id={e.id}
      data-kind={e.kind}
    >
      <td>
        <button
          type="button"
          className="chevron"
          aria-expanded={expanded}
          aria-label={expanded ? 'Hide details' : 'Show details'}
          data-testid="log-row-toggle"
          // Handled here and stopped, or the row's own click handler would toggle it straight back.
          onClick={(ev) => {
            ev.stopPropagation();
            onToggle();
          }}
        >
          {expanded ? '▾' : '▸'}
        </button>
      </td>
      <td className="nowrap num-font">{formatTimeMs(e.at)}</td>
      <td>
        <span
          className={`dir dir-${e.direction}`}
          title={e.direction === 'in' ? 'Received by the simulator' : 'Sent by the simulator'}
        >
          {e.direction}
        </span>
      </td>
      <td className="nowrap" data-testid="log-row-kind">
        {e.kind}
        {problems > 0 && (
          <span
            className="badge badge-pending badge-inline"
            title={`${problems} rule${problems === 1 ? '' : 's'} broken`}
            data-testid="log-row-violations"
          >
            ⚠ {problems}
          </span>
        )}
      </td>
      <td className="mono">{e.method}</td>
      <td className="mono url-cell" title={e.url}>
        {displayUrl(e)}
      </td>
      <td className="num">
        <span className={`http http-${statusClass(e.status)}`} data-testid="log-row-status">
          {e.status ?? 'none'}
        </span>
      </td>
      <td className="nowrap" data-testid="log-row-outcome">
        {e.outcome ? <span className={`outcome outcome-${outcomeTone(e.outcome)}`}>{e.outcome}</span> : '—'}
      </td>
      <td className="num nowrap">{formatDuration(e.duration_ms)}</td>
    </tr>
  );
}
