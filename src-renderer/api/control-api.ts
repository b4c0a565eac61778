import {
  controlEvents,
  type EventName,
  type EventPayload,
  type OpInput,
  type OpName,
  type OpOutput,
} from '@shared/contract/control';
import { FieldProblemSchema, type FieldProblem } from '@shared/schemas/common.schema';
import { z } from 'zod';

/** Whether the live event stream is currently connected. */
export type ConnectionState = 'connecting' | 'open' | 'closed';

/** The control contract as the console sees it; the transport (IPC or HTTP) is hidden behind it. */
export interface ControlApi {
  invoke<K extends OpName>(op: K, input: OpInput<K>): Promise<OpOutput<K>>;
  subscribe<K extends EventName>(name: K, cb: (payload: EventPayload<K>) => void): () => void;
  /** Reports the event stream's state; called at once with the current state. Returns the unsubscribe. */
  onConnection(cb: (state: ConnectionState) => void): () => void;
}

/** A failed control operation, with the transport's error code (e.g. `not_found`, `network`). */
export class ControlApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    /** Field-level problems of bad input (`{path, message}`), for showing next to the fields. */
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ControlApiError';
  }
}

/**
 * Maps a transport's `{ok, value | error}` envelope to the value or a thrown ControlApiError.
 * Anything else is a protocol error: the other side is not speaking the contract.
 */
export function unwrapEnvelope(body: unknown, status?: number): unknown {
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    const env = body as { ok: unknown; value?: unknown; error?: unknown };
    if (env.ok === true) return env.value;
    if (env.ok === false && typeof env.error === 'object' && env.error !== null) {
      const err = env.error as { code?: unknown; message?: unknown; problems?: unknown };
      const code = typeof err.code === 'string' ? err.code : 'unknown';
      const message = typeof err.message === 'string' ? err.message : 'The operation failed.';
      const problems = z.array(FieldProblemSchema).safeParse(err.problems);
      throw new ControlApiError(code, message, status, problems.success ? problems.data : []);
    }
  }
  throw new ControlApiError('bad_response', 'The control API answered with an unexpected shape.', status);
}

/**
 * Validates an event payload against the contract, so a listener never sees a malformed one.
 * Returns undefined (and the event is dropped) when it does not match.
 */
export function parseEventPayload<K extends EventName>(
  name: K,
  payload: unknown,
): EventPayload<K> | undefined {
  const result = controlEvents[name].safeParse(payload);
  if (!result.success) {
    console.warn(`Dropped malformed '${name}' event`, result.error.issues);
    return undefined;
  }
  return result.data as EventPayload<K>;
}

/** Whether retrying could help: only when the simulator could not be reached, not when it said no. */
export function isTransient(err: unknown): boolean {
  return err instanceof ControlApiError && err.code === 'network';
}
