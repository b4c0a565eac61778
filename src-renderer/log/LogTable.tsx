import { isConsoleCall, wallTimeOfExchange } from '@shared/rules/exchange-filter';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { formatDateTimeMs, formatDuration, splitWhen } from '../format/time';
import { displayUrl, isPageEvent, kindParts, outcomeTone, statusClass, statusWords } from './exchange-view';
import { type LogItem } from './pairs';
import { useWindowRows } from './useWindowRows';
import { useMediaQuery } from '../ui/useMediaQuery';

/** Every row is this tall (one line, cut with an ellipsis), so the list can render only what is in view. */
export const ROW_HEIGHT = 34;
/** The window width below which the table beside the panel keeps only time, kind, status and request. */
const SMALL_WINDOW = '(max-width: 1200px)';
/** Rows from the end of what is loaded at which the next page is asked for. */
const LOAD_AHEAD = 80;

/** A time's two clocks, for the title: the simulator's (shown) and the computer's when it was recorded. */
export function clocksTitle(e: Pick<Exchange, 'id' | 'at'>): string {
  const wall = wallTimeOfExchange(e.id);
  const sim = `Simulator clock: ${formatDateTimeMs(e.at)}`;
  return wall === null ? sim : `${sim}\nWall clock: ${formatDateTimeMs(new Date(wall).toISOString())}`;
}

/**
 * The exchanges as a table of one-line rows, newest first, rendered a screenful at a time. A row opens
 * its exchange in the side panel; with the panel open the date and the duration (both in the panel) give
 * way, so the row keeps its time, kind, status, outcome and request. Arrow keys move between rows, Enter opens one.
 */
export function LogTable({
  items,
  selectedId,
  narrow,
  onSelect,
  onNearEnd,
}: {
  items: readonly LogItem[];
  selectedId: string | undefined;
  /** The side panel is open: the request column is left out. */
  narrow: boolean;
  onSelect: (id: string) => void;
  /** Called as the reader nears the end of what is loaded. */
  onNearEnd: () => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  // Beside the panel on a small window, the direction and outcome (both in the panel's head and facts) give
  // way too: the kind and the request summary keep the room.
  const small = useMediaQuery(SMALL_WINDOW);
  const slim = narrow && small;
  const columns = slim ? 4 : narrow ? 6 : 7;
  const { start, end } = useWindowRows(body, items.length, ROW_HEIGHT);
  useEffect(() => {
    if (end >= items.length - LOAD_AHEAD) onNearEnd();
  }, [end, items.length, onNearEnd]);

  const focusRow = (index: number) => {
    const target = items[Math.max(0, Math.min(items.length - 1, index))];
    if (!target) return;
    onSelect(target.exchange.id);
    scrollToRow(body.current, items.indexOf(target));
    requestAnimationFrame(() =>
      body.current
        ?.querySelector<HTMLElement>(`[data-exchange-id="${CSS.escape(target.exchange.id)}"]`)
        ?.focus(),
    );
  };
  const onKey = (ev: KeyboardEvent, index: number, id: string) => {
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      focusRow(index + (ev.key === 'ArrowDown' ? 1 : -1));
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onSelect(id);
    }
  };

  return (
    <div className="table-wrap log-table-wrap">
      <table
        className={`table log-table${narrow ? ' log-table-narrow' : ''}${narrow || small ? ' log-table-compact' : ''}`}
        data-testid="log-list"
        aria-rowcount={items.length + 1}
      >
        <colgroup>
          <col className="col-time" />
          {!slim && <col className="col-dir" />}
          <col className="col-kind" />
          <col className="col-status" />
          {!slim && <col className="col-outcome" />}
          {!narrow && <col className="col-duration" />}
          <col className="col-request" />
        </colgroup>
        <thead>
          <tr>
            <th
              scope="col"
              title="When the exchange started, on the simulator clock (the clock that drives every timer). Hover a time for the computer's own clock."
            >
              Time <span className="muted log-date">(sim clock)</span>
            </th>
            {!slim && (
              <th scope="col" title="in: received by the simulator · out: sent by it">
                Dir
              </th>
            )}
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Status
            </th>
            {!slim && <th scope="col">Outcome</th>}
            {!narrow && (
              <th scope="col" className="num">
                Duration
              </th>
            )}
            {/* Beside the panel on a small window the column is narrow: its name stays one hover away. */}
            <th scope="col" title="Request: the method and the URL of the exchange">
              Request
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {start > 0 && <Spacer rows={start} columns={columns} />}
          {items.slice(start, end).map((item, i) => (
            <LogRow
              key={item.exchange.id}
              item={item}
              index={start + i}
              selected={item.exchange.id === selectedId}
              narrow={narrow}
              slim={slim}
              onSelect={onSelect}
              onKey={onKey}
            />
          ))}
          {end < items.length && <Spacer rows={items.length - end} columns={columns} />}
        </tbody>
      </table>
    </div>
  );
}

/** Scrolls the document so that row `index` of the list is in view (the list may not render it yet). */
export function scrollToRow(body: HTMLElement | null, index: number): void {
  if (!body || index < 0) return;
  const top = body.getBoundingClientRect().top + window.scrollY + index * ROW_HEIGHT;
  const margin = 2 * ROW_HEIGHT;
  if (top < window.scrollY + margin || top + ROW_HEIGHT > window.scrollY + window.innerHeight - margin)
    window.scrollTo({ top: Math.max(0, top - window.innerHeight / 2) });
}

/** A status's hover text: what none means for a page event and for a call. */
function statusTitle(e: Exchange): string | undefined {
  if (e.status !== null) return undefined;
  return isPageEvent(e)
    ? 'An event the checkout told the merchant’s page (postMessage): there is no HTTP answer to it'
    : 'No answer came';
}

function Spacer({ rows, columns }: { rows: number; columns: number }) {
  return (
    <tr className="log-spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height: rows * ROW_HEIGHT }} />
    </tr>
  );
}

function LogRow({
  item,
  index,
  selected,
  narrow,
  slim,
  onSelect,
  onKey,
}: {
  item: LogItem;
  index: number;
  selected: boolean;
  narrow: boolean;
  slim: boolean;
  onSelect: (id: string) => void;
  onKey: (ev: KeyboardEvent, index: number, id: string) => void;
}) {
  const e = item.exchange;
  const problems = e.violations.length + (item.served?.violations.length ?? 0);
  const kind = kindParts(e.kind);
  const [date, time] = splitWhen(e.at, { ms: true });
  return (
    <tr
      className={`clickable log-row${selected ? ' selected' : ''}`}
      onClick={() => onSelect(e.id)}
      onKeyDown={(ev) => onKey(ev, index, e.id)}
      tabIndex={0}
      aria-selected={selected}
      aria-rowindex={index + 2}
      data-testid="log-row"
      data-exchange-id={e.id}
      data-kind={e.kind}
    >
      <td className="mono log-time" data-testid="log-row-time" title={clocksTitle(e)}>
        {/* The date gives way first on a narrow table; the title keeps both clocks in full. */}
        <time dateTime={e.at}>
          <span className="log-date">{date}</span>
          {time}
        </time>
      </td>
      {!slim && (
        <td>
          <span
            className={`dir dir-${e.direction}`}
            title={e.direction === 'in' ? 'Received by the simulator' : 'Sent by the simulator'}
          >
            {e.direction}
          </span>
        </td>
      )}
      <td className="log-kind" title={e.kind}>
        <div className="log-kind-inner">
          <span className="log-kind-text" data-testid="log-row-kind">
            {kind.family && <span className="log-kind-family">{kind.family}</span>}
            <span className="log-kind-name">{kind.name}</span>
          </span>
          {item.served && (
            <span
              className="badge badge-inline log-pair"
              title="Sent by the shipping assistant and served by the built-in integrator: both ends of one request"
              data-testid="log-row-pair"
            >
              {narrow ? '⇄' : '⇄ fake'}
            </span>
          )}
          {isConsoleCall(e) && (
            <span
              className="badge badge-inline log-console"
              title="Made from the console, acting as the merchant"
              data-testid="log-row-console"
            >
              console
            </span>
          )}
          {problems > 0 && (
            <span
              className="badge badge-pending badge-inline"
              title={`${problems} rule${problems === 1 ? '' : 's'} broken`}
              data-testid="log-row-violations"
            >
              ⚠ {problems}
            </span>
          )}
        </div>
      </td>
      <td className="num" title={statusTitle(e)}>
        {isPageEvent(e) && e.status === null ? (
          <span className="log-told" data-testid="log-row-status">
            {statusWords(e)}
          </span>
        ) : (
          <span className={`http http-${statusClass(e.status)}`} data-testid="log-row-status">
            {statusWords(e)}
          </span>
        )}
      </td>
      {!slim && (
        <td className="log-outcome" data-testid="log-row-outcome" title={e.outcome ?? undefined}>
          {e.outcome ? <span className={`outcome outcome-${outcomeTone(e.outcome)}`}>{e.outcome}</span> : '—'}
        </td>
      )}
      {!narrow && <td className="num">{formatDuration(e.duration_ms)}</td>}
      <td className="mono log-request" title={`${e.method} ${e.url}`} data-testid="log-row-request">
        <span className="log-method">{e.method}</span> {displayUrl(e)}
      </td>
    </tr>
  );
}
