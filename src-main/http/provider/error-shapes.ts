import type { ErrorMapper } from '../app';
import type { Handler, HttpRequest, HttpResponse } from '../router';

/**
 * One API's error shape. The provider app serves three APIs whose error bodies differ (checkout's
 * `{error_code, …}`, elements' `{message, additional_context, code}`, in-person's RFC 7807 problem), so
 * the guard and the not-found answer pick a shape by path prefix, and each API's handlers are wrapped
 * with its own mapper (`scoped`; the app-level onError stays the checkout one).
 */
export interface ErrorShape {
  prefix: string;
  unauthorized(why: string): HttpResponse;
  notFound(req: HttpRequest, allowed: string[]): HttpResponse;
  onError: ErrorMapper;
}

/** The challenge of a provider API's 401: HTTP Basic, as the real service asks for its API credentials. */
export const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="Checkout Simulator"' };

/** Writes one error in an API's own body (the status, its code, the sentence, any headers). */
type ErrorBody = (
  status: number,
  code: 'NOT_FOUND' | 'METHOD_NOT_ALLOWED',
  message: string,
  headers?: Record<string, string>,
) => HttpResponse;

/**
 * A request no route takes, answered in the API's own body (`answer`): 405 with `Allow` where the path
 * takes other methods, 404 NOT_FOUND where it takes none.
 */
export function unknownRoute(req: HttpRequest, allowed: string[], answer: ErrorBody): HttpResponse {
  if (allowed.length === 0) return answer(404, 'NOT_FOUND', `no endpoint ${req.method} ${req.path}`);
  const list = allowed.join(', ');
  return answer(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}; allowed: ${list}`, {
    allow: list,
  });
}

/** The shape whose prefix the path starts with, if any. */
export function shapeFor(shapes: readonly ErrorShape[], path: string): ErrorShape | undefined {
  return shapes.find((s) => path.startsWith(s.prefix));
}

/** A handler of one API: whatever it throws becomes that API's error body. */
export function scoped(shape: ErrorShape, handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (err) {
      return shape.onError(err, c.meta);
    }
  };
}

/** The user name of a Basic Authorization header (the guard has checked the whole header already). */
export function basicUser(header: string | undefined): string {
  const m = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return '';
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon === -1 ? text : text.slice(0, colon);
}
