import type { ApiDoc, OpDoc } from './openapi/op-types';
import type { Ctx, Handler, HttpResponse } from './router';

/** What a handler answers: at once, or later. */
type Answer = HttpResponse | Promise<HttpResponse>;

/**
 * One operation of an API, declared once: its method, path and id (`kind`, the exchange log's kind and
 * the OpenAPI operation id), its authentication (`public`: served without), the zod schemas of its
 * request and answers, its texts, and `handle`, what it does. The router registers it and the OpenAPI
 * document describes it from this one value, through its API's group (operationGroup). To add an
 * operation, add its declaration to its API's list: it is then served and documented alike.
 * `deps` is what the handler works with (the core, or an API's own environment); `R` narrows the answer
 * where a wrapper needs it synchronous.
 */
export interface Operation<D, R extends Answer = Answer> extends OpDoc {
  handle: (c: Ctx, deps: D) => R;
}

/** What operations are registered on: a listener's app (App, or ListenerApp for the node:http ones). */
export interface Routes {
  route(method: string, pattern: string, kind: string, handler: Handler): unknown;
}

/**
 * Registers each declared operation on the app, in order: its handler given `deps`, wrapped by `wrap`
 * when the API answers in its own error shape or checks something of every call first.
 */
function registerOperations<D, R extends Answer, O extends Operation<D, R>>(
  app: Routes,
  ops: readonly O[],
  deps: D,
  wrap: (op: O, handler: (c: Ctx) => R) => Handler = (_op, handler) => handler,
): void {
  for (const op of ops) {
    app.route(
      op.method,
      op.path,
      op.kind,
      wrap(op, (c) => op.handle(c, deps)),
    );
  }
}

/** How an API's router registration wraps each handler, given what the API works with. */
type Wrapper<D, R extends Answer, O> = (deps: D) => (op: O, handler: (c: Ctx) => R) => Handler;

/**
 * The operations of one API of a listener, with what both sides add to all of them: the document its
 * error shape and common errors (`describe`), the router its wrapper (`register`). A listener's app
 * registers its groups and its document describes the same groups, so nothing is served undocumented.
 */
export interface OperationGroup<D> {
  /** The API as the document gives it: its operations in their error shape. */
  describe(): ApiDoc;
  /** Registers every operation of the group on the app, in order. */
  register(app: Routes, deps: D): void;
}

export function operationGroup<D, R extends Answer, O extends Operation<D, R>>(spec: {
  /** The document's frame of the API (openapi/apis.ts). */
  api: (ops: readonly OpDoc[]) => ApiDoc;
  /** The operations, or how to build them (on first use). */
  ops: readonly O[] | (() => readonly O[]);
  wrap?: Wrapper<D, R, O>;
}): OperationGroup<D> {
  let built: readonly O[] | undefined;
  const ops = () => (built ??= typeof spec.ops === 'function' ? spec.ops() : spec.ops);
  return {
    describe: () => spec.api(ops()),
    register: (app, deps) => registerOperations<D, R, O>(app, ops(), deps, spec.wrap?.(deps)),
  };
}
