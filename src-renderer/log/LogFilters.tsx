import { STATUS_CLASSES, type StatusClass } from '@shared/schemas/exchange.schema';
import { type ReactNode } from 'react';
import { type LogFilter } from '../router/routes';
import { Options } from '../form/Options';
import { CheckField } from '../form/CheckField';

/** What the log's address says to show: a whole or partial order id, and the other filters. */
export interface LogView {
  orderId?: string;
  filter?: LogFilter;
}

const STATUS_LABELS: Record<StatusClass, string> = {
  '2xx': '2xx success',
  '3xx': '3xx redirect',
  '4xx': '4xx refused',
  '5xx': '5xx failed',
  none: 'no answer',
};

/** Kinds offered as you type (families first); any other kind or family can be typed. */
const KIND_HINTS = [
  'checkout',
  'ordermanagement',
  'ipp',
  'elements',
  'test_helpers',
  'shipping',
  'integrator',
  'client_event',
  'address_update',
  'country_change',
  'shipping_option_update',
  'validation',
  'push',
  'notification',
];
const OUTCOME_HINTS = ['applied', 'rejected', 'redirected', 'failed', 'completed', 'denied', 'delivered'];

/**
 * The log's filters. They are the page's address (`#/log?order=…&kind=…`), so a filtered view survives a
 * reload and can be sent to someone; each change replaces the address.
 */
export function LogFilters({
  view,
  seenKinds,
  seenOutcomes,
  onChange,
}: {
  view: LogView;
  /** Kinds and outcomes of the exchanges loaded now, offered besides the usual ones. */
  seenKinds: readonly string[];
  seenOutcomes: readonly string[];
  onChange: (next: LogView) => void;
}) {
  const f = view.filter ?? {};
  const set = (patch: Partial<LogFilter>) => {
    const next: LogFilter = { ...f, ...patch };
    for (const k of Object.keys(next) as (keyof LogFilter)[])
      if (next[k] === undefined || next[k] === '' || next[k] === false) delete next[k];
    onChange({ orderId: view.orderId, ...(Object.keys(next).length > 0 ? { filter: next } : {}) });
  };
  return (
    <div className="log-filters" role="search" aria-label="Filter the log" data-testid="log-filters">
      <Labelled label="Order or session id" wide>
        <input
          type="search"
          className="input mono"
          placeholder="a whole id, or part of one"
          value={view.orderId ?? ''}
          onChange={(e) =>
            onChange({ orderId: e.target.value, ...(view.filter ? { filter: view.filter } : {}) })
          }
          data-testid="log-filter"
          spellCheck={false}
          autoComplete="off"
        />
      </Labelled>
      <Labelled label="URL contains">
        <input
          type="search"
          className="input mono"
          placeholder="/captures"
          value={f.text ?? ''}
          onChange={(e) => set({ text: e.target.value })}
          data-testid="log-filter-text"
          spellCheck={false}
          autoComplete="off"
        />
      </Labelled>
      <Suggested
        label="Kind"
        listId="log-kinds"
        placeholder="checkout, push…"
        value={f.kind}
        hints={[...KIND_HINTS, ...seenKinds]}
        onChange={(kind) => set({ kind })}
        testId="log-filter-kind"
      />
      <Labelled label="Direction">
        <select
          className="input"
          value={f.direction ?? ''}
          onChange={(e) => set({ direction: (e.target.value || undefined) as LogFilter['direction'] })}
          data-testid="log-filter-dir"
        >
          <option value="">in and out</option>
          <option value="in">in: received</option>
          <option value="out">out: sent</option>
        </select>
      </Labelled>
      <Labelled label="Status">
        <select
          className="input"
          value={f.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as StatusClass | undefined })}
          data-testid="log-filter-status"
        >
          <option value="">any</option>
          <Options values={STATUS_CLASSES} label={(s) => STATUS_LABELS[s]} />
        </select>
      </Labelled>
      <Suggested
        label="Outcome"
        listId="log-outcomes"
        placeholder="failed…"
        value={f.outcome}
        hints={[...OUTCOME_HINTS, ...seenOutcomes]}
        onChange={(outcome) => set({ outcome })}
        testId="log-filter-outcome"
      />
      <CheckField
        className="check log-filter-check"
        checked={f.violations === true}
        onChange={(violations) => set({ violations })}
        testId="log-filter-violations"
      >
        Broke a rule
      </CheckField>
    </div>
  );
}

function Labelled({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={`log-filter${wide ? ' log-filter-wide' : ''}`}>
      <span className="log-filter-label">{label}</span>
      {children}
    </label>
  );
}

const unique = (xs: readonly string[]) => [...new Set(xs)].slice(0, 200);

/** A free-text filter offering the usual values and those seen in the log (a datalist) as you type. */
function Suggested(p: {
  label: string;
  listId: string;
  placeholder: string;
  value: string | undefined;
  hints: readonly string[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Labelled label={p.label}>
      <input
        className="input mono"
        list={p.listId}
        placeholder={p.placeholder}
        value={p.value ?? ''}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
        spellCheck={false}
        autoComplete="off"
      />
      <datalist id={p.listId}>
        {unique(p.hints).map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
    </Labelled>
  );
}

/** Clears every filter (the order id included); shown only while one is set. */
export function ClearFilters({ view, onChange }: { view: LogView; onChange: (next: LogView) => void }) {
  const any = (view.orderId ?? '').trim() !== '' || Object.keys(view.filter ?? {}).length > 0;
  if (!any) return null;
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => onChange({})}
      data-testid="log-filter-clear"
    >
      Clear filters
    </button>
  );
}
