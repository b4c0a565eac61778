import type { z } from 'zod';
import { controlOps, isOpName, type ControlOps, type OpName, type OpOutput } from '@shared/contract/control';
import { schemaProblems, problemMessages } from '@shared/rules/schema-problems';
import { SimFailure } from './errors';

type ParsedInput<K extends OpName> = Exclude<z.output<ControlOps[K]['input']>, undefined>;

/** One handler per operation of the control contract. */
export type Handlers = {
  [K in OpName]: (input: Partial<ParsedInput<K>> & ParsedInput<K>) => OpOutput<K> | Promise<OpOutput<K>>;
};

/**
 * The operations only a shell can answer: `merchant.request` goes through the provider API's app, which is
 * built on the core (http/provider/provider-app.ts), so the HTTP layer adds it (http/console-control.ts).
 */
export type ShellOp = 'merchant.request';
/** The operations the core answers itself (control-handlers.ts). */
export type CoreHandlers = Omit<Handlers, ShellOp>;
/** What a shell adds to the core's handlers. */
export type ShellHandlers = Pick<Handlers, ShellOp>;

/** The control contract as a transport calls it: the console's HTTP API, Electron's IPC, a test. */
export interface Control {
  invoke(op: string, input: unknown): Promise<unknown>;
}

/** Validates an operation's input with the contract's schema, then runs its handler. Used by both transports. */
export async function invokeControl(handlers: Handlers, op: string, input: unknown): Promise<unknown> {
  if (!isOpName(op)) throw new SimFailure('not_found', 'UNKNOWN_OPERATION', `unknown operation '${op}'`);
  const parsed = controlOps[op].input.safeParse(input ?? undefined);
  if (!parsed.success) {
    const problems = schemaProblems(parsed.error);
    throw new SimFailure('invalid', 'BAD_INPUT', `${op}: ${problemMessages(problems).join('; ')}`, problems);
  }
  const handler = handlers[op] as (i: unknown) => unknown;
  return handler(parsed.data ?? {});
}
