import type { Exchange, ExchangeFilter, StatusClass } from '../schemas/exchange.schema';

/** The class of an HTTP status; null (no answer) is `none`. */
export function statusClassOf(status: number | null): StatusClass {
  if (status === null) return 'none';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

/** A kind filter names one kind or a family: `checkout` matches `checkout` and `checkout.read`. */
export function kindMatches(filter: string, kind: string): boolean {
  const f = filter
    .trim()
    .toLowerCase()
    .replace(/\.\*?$/, '');
  const k = kind.toLowerCase();
  return f === '' || k === f || k.startsWith(`${f}.`);
}

type Matchable = Pick<
  Exchange,
  'kind' | 'direction' | 'outcome' | 'status' | 'violations' | 'url' | 'order_id'
>;

const has = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** Whether an exchange passes every filter that is set (an empty filter passes everything). */
export function matchesExchange(f: ExchangeFilter, e: Matchable): boolean {
  if (has(f.kind) && !kindMatches(f.kind, e.kind)) return false;
  if (f.direction !== undefined && e.direction !== f.direction) return false;
  if (has(f.outcome) && (e.outcome ?? '').toLowerCase() !== f.outcome.trim().toLowerCase()) return false;
  if (f.status !== undefined && statusClassOf(e.status) !== f.status) return false;
  if (f.violations === true && e.violations.length === 0) return false;
  if (has(f.text) && !e.url.toLowerCase().includes(f.text.trim().toLowerCase())) return false;
  if (has(f.order) && !(e.order_id ?? '').toLowerCase().includes(f.order.trim().toLowerCase())) return false;
  return true;
}

/** Whether any filter is set. */
export function isFiltered(f: ExchangeFilter): boolean {
  return (
    has(f.kind) ||
    f.direction !== undefined ||
    has(f.outcome) ||
    f.status !== undefined ||
    f.violations === true ||
    has(f.text) ||
    has(f.order)
  );
}

/**
 * The wall-clock time an exchange was recorded, read from its id (`ex_` + base-36 milliseconds + a
 * counter, src-main's exchange-id.ts). Exchange times (`at`) are the simulator clock's; this is the
 * computer's. Null for an id of another form.
 */
export function wallTimeOfExchange(id: string): number | null {
  const m = /^ex_([0-9a-z]{9})[0-9a-z]{4}$/.exec(id);
  if (!m) return null;
  const ms = parseInt(m[1]!, 36);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Marks a call the console made as the merchant (src-main's merchant-gateway): the request carries this
 * header, so the log tells it from the merchant's own server's calls.
 */
export const CONSOLE_CALLER_HEADER = 'x-sim-caller';
export const CONSOLE_CALLER = 'console';

/** Whether the console made this call, acting as the merchant. */
export function isConsoleCall(e: Pick<Exchange, 'direction' | 'request'>): boolean {
  if (e.direction !== 'in') return false;
  for (const [name, value] of Object.entries(e.request.headers))
    if (name.toLowerCase() === CONSOLE_CALLER_HEADER) return value === CONSOLE_CALLER;
  return false;
}
