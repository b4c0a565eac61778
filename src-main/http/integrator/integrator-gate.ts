import type { Core } from '../../core/create-core';
import type { BearerCheck } from '../../core/integrator/fake-integrator';
import type { Ctx, HttpResponse } from '../router';
import { failure } from './integrator-errors';

const BEARER_REASON: Record<Exclude<BearerCheck, 'ok'>, string> = {
  missing: 'missing_token: send Authorization: Bearer <token> from POST /auth',
  unknown: 'invalid_token: the token was not issued by this integrator',
  expired: 'token_expired: get a new token from POST /auth',
};

/** Spec § Errors: any call but /auth with an old or wrong token → 401. */
export function bearerProblem(core: Core, c: Ctx): HttpResponse | null {
  const check = core.integrator.checkBearer(c.req.headers.authorization);
  if (check === 'ok') return null;
  c.meta.outcome = BEARER_REASON[check].split(':')[0]!;
  return failure(401, BEARER_REASON[check], { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/** GAPS.md: the endpoint's vendor media type or application/json, parameters (charset) allowed. */
export function mediaTypeProblem(c: Ctx, vendorType: string): HttpResponse | null {
  const got = c.req.headers['content-type'];
  const type = got?.split(';')[0]!.trim().toLowerCase();
  if (type === vendorType || type === 'application/json') return null;
  c.meta.outcome = 'unsupported_media_type';
  return failure(
    415,
    `unsupported_media_type: Content-Type must be ${vendorType} or application/json, got ${got ? `'${got}'` : 'none'}`,
  );
}

export function sizeProblem(c: Ctx): HttpResponse | null {
  if (!c.req.bodyTooLarge) return null;
  c.meta.outcome = 'request_too_large';
  return failure(413, 'request_too_large');
}

/** The checkout order a request body names (`order.id`), for the exchange log; null when absent. */
export function orderIdOf(body: unknown): string | null {
  const id = (body as { order?: { id?: unknown } } | null)?.order?.id;
  return typeof id === 'string' ? id : null;
}

/** Waits `ms`; resolves false early when the signal aborts (the client went away). */
export function delay(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
