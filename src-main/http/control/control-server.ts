import { createServer, type Server } from 'node:http';
import type { Control } from '../../core/control';
import type { Core } from '../../core/create-core';
import { SimFailure } from '../../core/errors';
import { statusOf } from '../failure-status';
import type { ListenerGuard } from '../guarded-listener';
import type { HostRule } from '../host-check';
import { nodeListener } from '../node-listener';
import { controlApp } from './control-app';
import { CONTROL_MAX_BODY } from './control-operations';

/** The control API's answers of its own: a malformed target, a failure of the listener's code. */
const CONTROL_GUARD: ListenerGuard = {
  name: 'console',
  kind: 'control.request',
  invalidCode: 'BAD_INPUT',
  known: (err) =>
    err instanceof SimFailure
      ? { status: statusOf(err), code: err.code, message: err.message, problems: err.problems }
      : null,
  body: (f) => ({
    ok: false,
    error: {
      code: f.code,
      message: f.message,
      ...(f.problems && f.problems.length > 0 ? { problems: f.problems } : {}),
    },
  }),
};

/**
 * The console's listener: its app (control-app.ts: the control contract over HTTP, its event stream, the
 * built renderer) on node:http, behind the listener's one entrance (guarded-listener.ts).
 */
export function controlServer(
  core: Core,
  control: Control,
  rendererDir: string | null,
  hostRule: HostRule,
): Server {
  const app = controlApp(core, control, rendererDir, hostRule);
  return createServer(nodeListener(core, CONTROL_GUARD, app, CONTROL_MAX_BODY));
}
