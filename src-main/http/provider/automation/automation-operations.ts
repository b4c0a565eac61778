import type { OpName } from '@shared/contract/control';
import type { Core } from '../../../core/create-core';
import { notFound } from '../../../core/errors';
import type { Operation } from '../../define-operation';
import { json } from '../../json';
import { opDocOf } from '../../openapi/generated-paths';
import type { Ctx, HttpResponse } from '../../router';
import { opInput, parseOpInput } from './op-input';
import { isOpRoute, type OpRoute } from './route-table';
import { AUTOMATION } from './coverage';

/** The exchange's outcome: the route's own rule, else the answer's `outcome` field when it has one. */
function outcomeOf(r: OpRoute, out: unknown): string | null {
  if (r.outcome) return r.outcome(out as never);
  const own = (out as { outcome?: unknown } | null)?.outcome;
  return typeof own === 'string' ? own : null;
}

/** Answers one request of a generated route by running its operation, exactly as the console does. */
async function runOp(core: Core, op: OpName, r: OpRoute, c: Ctx): Promise<HttpResponse> {
  // An order's (or an in-person session's, which becomes one) calls are filed under it in the log.
  const filed = c.params.order_id ?? c.params.session_id;
  if (filed !== undefined) c.meta.orderId = filed;
  const input = parseOpInput(op, r, opInput(op, r, c));
  const out = await core.control.invoke(op, input);
  if (out === null) {
    const id = Object.values(c.params)[0];
    const what = r.notFound?.what ?? 'the resource';
    throw notFound(id ? `${what} ${id}` : what, r.notFound?.code);
  }
  c.meta.outcome = outcomeOf(r, out);
  return json(r.status ?? 200, out, r.headers?.(out as never) ?? {});
}

/** The handler of one generated route: a named function, so stack traces name it. */
function automationHandler(op: OpName, r: OpRoute): (c: Ctx, core: Core) => Promise<HttpResponse> {
  return function runAutomationRoute(c: Ctx, core: Core) {
    return runOp(core, op, r, c);
  };
}

/**
 * The automation API's operations generated from the control contract: for each operation the console
 * can invoke (coverage.ts), one under `/test_helpers` that reads the same input (checked with the
 * contract's schema) and answers the operation's own answer, documented from the contract's schemas.
 */
export function generatedOperations(): Operation<Core>[] {
  return Object.entries(AUTOMATION).flatMap(([name, entry]) => {
    if (!isOpRoute(entry)) return [];
    const op = name as OpName;
    return [{ ...opDocOf(op, entry), handle: automationHandler(op, entry) }];
  });
}
