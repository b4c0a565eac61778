import type { HttpRequest, HttpResponse } from './router';
import { SimFailure } from '../core/errors';

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

/** Reads a JSON request body: checks size, media type and syntax, each with its own clear error. */
export function readJson(req: HttpRequest, limit: number): unknown {
  if (req.bodyTooLarge) throw new PayloadTooLarge(limit);
  if (!isJsonType(req.headers['content-type'])) throw new UnsupportedMediaType(req.headers['content-type']);
  const text = req.body?.toString('utf8') ?? '';
  if (text.trim() === '') {
    throw new SimFailure('invalid', 'BAD_VALUE', '(body): a JSON body is required');
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new SimFailure('invalid', 'BAD_VALUE', `(body): is not valid JSON (${detail})`);
  }
}
