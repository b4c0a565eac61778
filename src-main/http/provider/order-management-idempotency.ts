import type { Core } from '../../core/create-core';
import type { ErrorMapper } from '../app';
import type { Ctx, Handler, HttpResponse } from '../router';

export const IDEMPOTENCY_HEADER = 'klarna-idempotency-key';

/**
 * Wraps an order management POST: with a `Klarna-Idempotency-Key` seen before (same method and path),
 * the first answer is returned again and nothing changes; otherwise the answer (a refusal too) is
 * stored under the key. Handlers are synchronous, so two requests cannot interleave between the look-up
 * and the store.
 */
export function idempotent(core: Core, onError: ErrorMapper, handler: (c: Ctx) => HttpResponse): Handler {
  return (c) => {
    const raw = c.req.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) return handler(c);
    const { method, path } = c.req;
    const prior = core.idempotency.find(key, method, path);
    if (prior) {
      c.meta.orderId = c.params.order_id ?? null;
      c.meta.outcome = 'idempotent_replay';
      return prior;
    }
    try {
      return core.idempotency.run(key, method, path, () => handler(c));
    } catch (err) {
      const refusal = onError(err, c.meta);
      core.idempotency.store(key, method, path, refusal);
      return refusal;
    }
  };
}
