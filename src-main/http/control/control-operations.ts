import { z } from 'zod';
import { ControlFailureSchema } from '@shared/contract/control';
import type { Control } from '../../core/control';
import type { Core } from '../../core/create-core';
import type { FailureKind } from '../../core/errors';
import { eventFeed } from '../../core/event-feed';
import { operationGroup, type Operation, type OperationGroup } from '../define-operation';
import { asFailure } from '../failure-status';
import { isJsonType } from '../json';
import type { ListenerAnswer, StreamSink } from '../listener-app';
import type { ApiDoc, OpDoc } from '../openapi/op-types';
import { fail } from '../openapi/responses';
import type { Ctx } from '../router';

/** What the console's operations work with: the core, and the control contract as the console calls it. */
export interface ControlEnv {
  core: Core;
  control: Control;
}

const ControlValueSchema = z.object({
  ok: z.literal(true),
  value: z.unknown().describe("the operation's output, as the control contract's schema for it says"),
});

/** The control API's statuses by failure kind; any other refusal is a 409. */
const CONTROL_STATUS: Partial<Record<FailureKind, number>> = {
  not_found: 404,
  invalid: 400,
  forbidden: 403,
  disk_full: 507,
};

const NO_STORE = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };

/** A JSON answer of the control API (never cached: it is the simulator's state now). */
export function controlJson(status: number, body: unknown): ListenerAnswer {
  return { status, headers: NO_STORE, body: JSON.stringify(body) };
}

/** The control API's refusal in its shape; `problems` only when there are some. */
export function controlFailure(
  status: number,
  code: string,
  message: string,
  problems: readonly { path: string; message: string }[] = [],
): ListenerAnswer {
  const more = problems.length > 0 ? { problems } : {};
  return controlJson(status, { ok: false, error: { code, message, ...more } });
}

const MAX_BODY = 1024 * 1024;

/** The request's JSON input (undefined for an empty body), or the refusal that names what is wrong. */
function inputOf(c: Ctx): { input: unknown } | { refused: ListenerAnswer } {
  if (!isJsonType(c.req.headers['content-type']))
    return { refused: controlFailure(415, 'BAD_INPUT', 'Content-Type must be application/json') };
  if (c.req.bodyTooLarge || c.req.body === null)
    return { refused: controlFailure(413, 'BAD_INPUT', 'body too large') };
  const text = c.req.body.toString('utf8');
  try {
    return { input: text.trim() === '' ? undefined : JSON.parse(text) };
  } catch {
    const problems = [{ path: '(body)', message: 'is not valid JSON' }];
    return { refused: controlFailure(400, 'BAD_INPUT', '(body): is not valid JSON', problems) };
  }
}

/** `POST /control/invoke/:op`: one operation of the control contract, its input validated by its schema. */
async function invokeOperation(c: Ctx, env: ControlEnv): Promise<ListenerAnswer> {
  const read = inputOf(c);
  if ('refused' in read) return read.refused;
  try {
    return controlJson(200, { ok: true, value: await env.control.invoke(c.params.op!, read.input) });
  } catch (thrown) {
    const err = asFailure(thrown, env.core.disk);
    // Anything else is a bug: the listener's 500, logged and recorded with its cause (guarded-listener.ts).
    if (!err) throw thrown;
    return controlFailure(CONTROL_STATUS[err.kind] ?? 409, err.code, err.message, err.problems);
  }
}

/** Writes the console's events to the stream, a batch at a time, until the console goes away. */
function streamEvents(core: Core, sink: StreamSink): void {
  // `retry`: a console that lost the simulator tries again every second (EventSource's default is 3 s).
  sink.write(': connected\nretry: 1000\n\n');
  // One write per batch of events (event-feed.ts bounds how many a burst sends).
  const off = eventFeed(core.events, (batch) => {
    let text = '';
    for (const [name, payload] of batch) text += `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    sink.write(text);
  });
  // A comment line now and then keeps proxies and idle timers from closing the stream.
  const ping = setInterval(() => sink.write(': ping\n\n'), 15_000);
  sink.onClose(() => {
    off();
    clearInterval(ping);
  });
}

/** `GET /control/events`: the control contract's events as server-sent events. */
function openEventStream(_c: Ctx, env: ControlEnv): ListenerAnswer {
  return {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' },
    stream: (sink) => streamEvents(env.core, sink),
  };
}

const TAG = 'Console control';

const CONTROL_OPS: readonly Operation<ControlEnv>[] = [
  {
    method: 'POST',
    path: '/control/invoke/:op',
    kind: 'control.invoke',
    tag: TAG,
    summary: 'Run one operation of the control contract',
    description:
      'what the console does (in a browser; Electron carries the same contract over IPC): `op` names an operation of the control contract (`orders.list`, `session.create`, `clock.advance`, …), the body is its input, checked with the contract’s schema.',
    simDefined: true,
    public: true,
    body: { schema: z.unknown(), required: false, description: 'The operation’s input (empty: none)' },
    responses: [
      { status: 200, description: 'The operation’s output', schema: ControlValueSchema },
      fail(400, 'BAD_INPUT: the input breaks the operation’s schema; `problems` names each field'),
      fail(404, 'UNKNOWN_OPERATION, or NOT_FOUND: what the operation names does not exist'),
      fail(409, 'the operation is refused in the state the simulator is in'),
      fail(507, 'DISK_FULL: the data folder’s disk is full'),
    ],
    handle: invokeOperation,
  },
  {
    method: 'GET',
    path: '/control/events',
    kind: 'control.events',
    tag: TAG,
    summary: 'Follow the console’s events',
    description:
      'server-sent events, one `event: <name>` per event of the control contract (at most 50 of a name per quarter second, then `events.skipped`), and a comment line every 15 s.',
    simDefined: true,
    public: true,
    responses: [
      {
        status: 200,
        description: 'The event stream',
        schema: z.string(),
        mediaTypes: ['text/event-stream'],
      },
    ],
    handle: openEventStream,
  },
];

/** The console's control API as its document frames it: errors in the control contract's shape. */
export function controlApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: ControlFailureSchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [fail(403, 'FORBIDDEN: a foreign Host (DNS rebinding) or a foreign Origin (CSRF)')],
    bodyErrors: [
      fail(400, 'BAD_INPUT: the body is not valid JSON'),
      fail(413, `BAD_INPUT: the body is over ${MAX_BODY / 1024 / 1024} MiB`),
      fail(415, 'BAD_INPUT: the Content-Type is not JSON'),
    ],
    ops,
  };
}

/** The console's control API: its operations, declared once (served by control-app.ts, documented alike). */
export const CONTROL_API: OperationGroup<ControlEnv> = operationGroup({ api: controlApi, ops: CONTROL_OPS });

export { MAX_BODY as CONTROL_MAX_BODY };
