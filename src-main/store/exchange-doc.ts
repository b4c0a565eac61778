import type { Exchange } from '@shared/schemas/exchange.schema';

/** A message as handed to the log: its headers as an object, or already as the JSON text of that object. */
export interface EntryMessage {
  headers: Record<string, string> | string;
  body: string | null;
}

/**
 * An exchange as handed to the log. Its headers may come already serialized: the HTTP thread caches
 * the masked request headers' JSON by the header lines as received, since under load the same client
 * sends the same headers thousands of times.
 */
export interface ExchangeEntry extends Omit<Exchange, 'request' | 'response'> {
  request: EntryMessage;
  response: EntryMessage;
}

const json = JSON.stringify;
/** Characters a JSON string must escape (and lone surrogates, which JSON.stringify escapes too). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** A string as JSON: most need no escaping, and quoting them is cheaper than JSON.stringify. */
const quote = (s: string): string => (NEEDS_ESCAPE.test(s) ? json(s) : `"${s}"`);
const str = (s: string | null): string => (s === null ? 'null' : quote(s));
/** Values that never change (frozen constants: the JSON content type, a rule's violation) and their JSON. */
const frozenJson = new WeakMap<object, string>();
const jsonOf = (v: object): string => {
  if (!Object.isFrozen(v)) return json(v);
  let text = frozenJson.get(v);
  if (text === undefined) frozenJson.set(v, (text = json(v)));
  return text;
};
const headersJson = (h: Record<string, string> | string): string => (typeof h === 'string' ? h : jsonOf(h));
const violationsJson = (vs: readonly object[]): string => {
  if (vs.length === 0) return '[]';
  let text = '[';
  for (let i = 0; i < vs.length; i++) text += (i === 0 ? '' : ',') + jsonOf(vs[i]!);
  return `${text}]`;
};
const num = (n: number | null): string => (n === null || !Number.isFinite(n) ? 'null' : String(n));

/** What an entry of the log keeps of an exchange; the rest is its shape (`shapeDoc`). */
export type EntryFields = Pick<Exchange, 'id' | 'at' | 'duration_ms'>;
/** An exchange's shape: everything but its entry's fields. */
export type ExchangeShape = Omit<Exchange, keyof EntryFields>;

/** The optional fields of a shape (a merchant fault, a replay, refused credentials, a failure's cause), written only when present. */
function extrasJson(e: ExchangeEntry): string {
  let text = '';
  if (e.fault !== undefined) text += `,"fault":${quote(e.fault)}`;
  if (e.replay_of !== undefined) text += `,"replay_of":${quote(e.replay_of)}`;
  if (e.edited !== undefined) text += `,"edited":${json(e.edited)}`;
  if (e.sealed_authorization !== undefined)
    text += `,"sealed_authorization":${quote(e.sealed_authorization)}`;
  if (e.error !== undefined) text += `,"error":${quote(e.error)}`;
  return text;
}

/**
 * The exchange's shape as JSON text (the Exchange schema without id, at and duration_ms), with the
 * given bodies (null where a body is stored apart, by reference). Written field by field: it is what
 * every exchange costs the HTTP thread, and it reuses header JSON that is already there. The optional
 * fields come last and only when set, so shapes written before they existed read the same.
 */
export function shapeDoc(e: ExchangeEntry, requestBody: string | null, responseBody: string | null): string {
  return (
    `{"order_id":${str(e.order_id)},"direction":${quote(e.direction)},` +
    `"kind":${quote(e.kind)},"method":${quote(e.method)},"url":${quote(e.url)},"status":${num(e.status)},` +
    `"request":{"headers":${headersJson(e.request.headers)},"body":${str(requestBody)}},` +
    `"response":{"headers":${headersJson(e.response.headers)},"body":${str(responseBody)}},` +
    `"outcome":${str(e.outcome)},"violations":${violationsJson(e.violations)}${extrasJson(e)}}`
  );
}

/** Whether two entries agree on the optional fields (both without them, on the hot path). */
const sameExtras = (a: ExchangeEntry, b: ExchangeEntry): boolean =>
  a.fault === b.fault &&
  a.replay_of === b.replay_of &&
  a.sealed_authorization === b.sealed_authorization &&
  a.error === b.error &&
  (a.edited === b.edited || JSON.stringify(a.edited) === JSON.stringify(b.edited));

/** An entry's own fields as JSON array items: `id, at, duration_ms` (the log puts its shape before them). */
export function entryFields(e: ExchangeEntry): string {
  return `${quote(e.id)},${quote(e.at)},${num(e.duration_ms)}`;
}

/** An exchange put back together from its entry's fields and its shape. */
export function fromShape(entry: EntryFields, shape: ExchangeShape): Exchange {
  return {
    id: entry.id,
    order_id: shape.order_id,
    direction: shape.direction,
    kind: shape.kind,
    method: shape.method,
    url: shape.url,
    status: shape.status,
    duration_ms: entry.duration_ms,
    at: entry.at,
    request: shape.request,
    response: shape.response,
    outcome: shape.outcome,
    violations: shape.violations,
    ...(shape.fault !== undefined ? { fault: shape.fault } : {}),
    ...(shape.replay_of !== undefined ? { replay_of: shape.replay_of } : {}),
    ...(shape.edited !== undefined ? { edited: shape.edited } : {}),
    ...(shape.sealed_authorization !== undefined ? { sealed_authorization: shape.sealed_authorization } : {}),
    ...(shape.error !== undefined ? { error: shape.error } : {}),
  };
}

/**
 * What follows an entry's own fields on a line of the writer's batch (exchange-writer.ts):
 * `\t<request body ref>\t<response body ref>\t<order id JSON>\t<shape JSON>`, or nothing when it is
 * the same as the line before. Under load the same request gets the same answer over and over, and
 * then only the entry's own fields are new.
 */
export class ShapeEncoder {
  private last: ExchangeEntry | null = null;
  private lastRefs: [string, string, string | null, string | null] = ['', '', null, null];

  /**
   * The line's rest, or null when it repeats the last one's. `whole`: a body of this line goes to the
   * writer without its hash (its reference is not known yet), so the line cannot lean on the one before.
   */
  encode(
    e: ExchangeEntry,
    requestRef: string,
    responseRef: string,
    requestBody: string | null,
    responseBody: string | null,
    whole: boolean,
  ): string | null {
    const p = this.last;
    const r = this.lastRefs;
    if (
      !whole &&
      p !== null &&
      r[0] === requestRef &&
      r[1] === responseRef &&
      r[2] === requestBody &&
      r[3] === responseBody &&
      p.order_id === e.order_id &&
      p.url === e.url &&
      p.kind === e.kind &&
      p.method === e.method &&
      p.status === e.status &&
      p.direction === e.direction &&
      p.outcome === e.outcome &&
      p.request.headers === e.request.headers &&
      p.response.headers === e.response.headers &&
      (p.violations === e.violations || (p.violations.length === 0 && e.violations.length === 0)) &&
      sameExtras(p, e)
    ) {
      return null;
    }
    this.last = e;
    this.lastRefs = [requestRef, responseRef, requestBody, responseBody];
    return `\t${requestRef}\t${responseRef}\t${str(e.order_id)}\t${shapeDoc(e, requestBody, responseBody)}`;
  }

  /** Forgets the last line: the next one is written whole. */
  reset(): void {
    this.last = null;
  }
}
