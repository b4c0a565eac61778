import type { HttpRequest, HttpResponse } from './router';
import { invalid, SimFailure } from '../core/errors';

export const JSON_HEADERS = Object.freeze({ 'Content-Type': 'application/json' } as const);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** Whether a Content-Type names JSON: application/json or a vendor type ending in +json. */
export function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export class UnsupportedMediaType extends SimFailure {
  constructor(got: string | undefined) {
    super('invalid', 'BAD_VALUE', `Content-Type must be application/json, got ${got ? `'${got}'` : 'none'}`);
  }
}

export class PayloadTooLarge extends SimFailure {
  constructor(limit: number) {
    super('too_large', 'BAD_VALUE', `request body is larger than the limit of ${limit} bytes`);
  }
}

/** How deep a request body may nest arrays and objects: far beyond any API's own fields (sim-defined). */
export const MAX_JSON_DEPTH = 100;

/**
 * The top-level field (`(body)` for the body itself) under which `value` nests deeper than MAX_JSON_DEPTH,
 * or null. Walked without recursion: the body is what may be too deep for the stack.
 */
function tooDeep(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const stack: [object, number, string][] = [[value, 1, '(body)']];
  while (stack.length > 0) {
    const [v, depth, top] = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) return top;
    const isArray = Array.isArray(v);
    for (const key of isArray ? v.keys() : Object.keys(v)) {
      const child = (v as Record<string | number, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      const field = depth > 1 ? top : isArray ? `[${String(key)}]` : String(key);
      stack.push([child, depth + 1, field]);
    }
  }
  return null;
}

/**
 * Reads a JSON request body: checks size, media type, syntax and depth, each with its own clear error. A body
 * that is missing or not JSON is a problem of the field `(body)`, so that every API's error shape names
 * it where it names fields (the in-person API's `errors`, the elements API's `additional_context`).
 */
export function readJson(req: HttpRequest, limit: number): unknown {
  if (req.bodyTooLarge) throw new PayloadTooLarge(limit);
  if (!isJsonType(req.headers['content-type'])) throw new UnsupportedMediaType(req.headers['content-type']);
  const text = req.body?.toString('utf8') ?? '';
  if (text.trim() === '') throw invalid([{ path: '(body)', message: 'a JSON body is required' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw invalid([{ path: '(body)', message: `is not valid JSON (${detail})` }]);
  }
  // A body nested some thousands deep overflows the stack of whatever walks it next (JSON.stringify).
  const deep = tooDeep(value);
  if (deep !== null)
    throw invalid([{ path: deep, message: `is nested more than ${MAX_JSON_DEPTH} levels deep` }]);
  return value;
}
