import { type Exchange } from '@shared/schemas/exchange.schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the filter is a whole order id (a UUID), which the simulator can filter by itself, over all exchanges. */
export function isFullOrderId(filter: string): boolean {
  return UUID.test(filter.trim());
}

/** A body for reading: JSON pretty-printed, anything else as it came. */
export function prettyBody(body: string | null): string {
  if (body === null || body === '') return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Headers whose values are credentials; masked unless the user reveals secrets. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** Header pairs sorted by name, with credential values masked (keeping the auth scheme, e.g. `Basic`). */
export function displayHeaders(
  headers: Record<string, string>,
  reveal: boolean,
  mask: string,
): Array<[string, string]> {
  return Object.entries(headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => {
      if (reveal || !SECRET_HEADERS.has(name.toLowerCase())) return [name, value];
      const scheme = /^(Basic|Bearer|Digest)\s/i.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${mask}` : mask];
    });
}

/** The part of a URL worth showing in a row: path and query for inbound calls, the whole URL for outbound. */
export function displayUrl(exchange: Pick<Exchange, 'direction' | 'url'>): string {
  if (exchange.direction === 'out') return exchange.url;
  try {
    const u = new URL(exchange.url, 'http://placeholder');
    return u.pathname + u.search;
  } catch {
    return exchange.url;
  }
}

/** A colour class for an HTTP status; null (no response) counts as an error. */
export function statusClass(status: number | null): 'ok' | 'redirect' | 'client' | 'server' | 'none' {
  if (status === null) return 'none';
  if (status >= 500) return 'server';
  if (status >= 400) return 'client';
  if (status >= 300) return 'redirect';
  return 'ok';
}

/** Colours an exchange outcome by meaning: step outcomes, and API error codes (anything in capitals). */
export function outcomeTone(outcome: string): 'ok' | 'warn' | 'bad' | 'neutral' {
  if (/^(applied|completed|ok|acknowledged|created)$/i.test(outcome)) return 'ok';
  if (/^(rejected|redirected)$/.test(outcome)) return 'warn';
  if (/^(failed|denied|timeout)$/.test(outcome) || /^[A-Z_]+$/.test(outcome)) return 'bad';
  return 'neutral';
}

/** A kind as its family and its name (`ordermanagement.` and `merchant_references`), so both stay readable. */
export function kindParts(kind: string): { family: string; name: string } {
  const dot = kind.indexOf('.');
  if (dot <= 0 || dot === kind.length - 1) return { family: '', name: kind };
  return { family: kind.slice(0, dot + 1), name: kind.slice(dot + 1) };
}

/** Events the checkout told the merchant's page (postMessage): no HTTP answer is expected, so none is an error. */
export function isPageEvent(e: Pick<Exchange, 'kind'>): boolean {
  return e.kind.startsWith('client_event.');
}

/**
 * An exchange's status in the words the row, the panel and the order page all use: the HTTP status, `no
 * answer` when none came (time-out, refused, unreachable), `told the page` for a page event (none expected).
 */
export function statusWords(e: Pick<Exchange, 'kind' | 'status'>): string {
  if (e.status !== null) return String(e.status);
  return isPageEvent(e) ? 'told the page' : 'no answer';
}

/**
 * The exchange's own failure, when it failed: what the row says (status and outcome, the same words) and
 * a sentence of who did what. Shown first in the panel, before the rules it broke (issue 34 point 2).
 */
export function exchangeFailure(
  e: Pick<Exchange, 'kind' | 'status' | 'outcome' | 'direction'>,
): { status: string; outcome: string | null; sentence: string } | null {
  if (isPageEvent(e)) return null;
  const badOutcome = e.outcome !== null && outcomeTone(e.outcome) === 'bad';
  if (e.status !== null && e.status < 400 && !badOutcome) return null;
  const status = statusWords(e);
  const who =
    e.direction === 'out'
      ? e.kind.startsWith('shipping.')
        ? 'The integrator'
        : 'Your server'
      : 'The simulator';
  const sentence =
    e.status === null
      ? `${who === 'The simulator' ? 'Nothing' : who} gave no answer${e.outcome ? ` (${e.outcome})` : ''}.`
      : e.direction === 'out'
        ? `${who} answered ${e.status}.`
        : `The simulator refused this request with ${e.status}${e.outcome ? ` ${e.outcome}` : ''}.`;
  return { status, outcome: e.outcome, sentence };
}
