import { performance } from 'node:perf_hooks';
import type { CommonFaults, FaultEndpoint } from '@shared/schemas/integrator-sim.schema';
import type { Core } from '../../core/create-core';
import { malformed } from '../../core/integrator/fault-effects';
import type { Ctx, Handler, HttpResponse } from '../router';
import { failure } from './integrator-errors';
import { bearerProblem, delay, mediaTypeProblem, sizeProblem } from './integrator-gate';

export interface EndpointEnv {
  core: Core;
  /** How long a `timeout` fault holds a request whose client never gives up. */
  timeoutBoundMs: number;
}

export interface EndpointSpec {
  fault: FaultEndpoint;
  /** The request's vendor media type; omitted for calls without a body (GET). */
  mediaType?: string;
  /** Every call but POST /auth carries a bearer token. */
  bearer: boolean;
}

/** The request body as text (the gate has checked its size and media type). */
export const bodyText = (c: Ctx): string => c.req.body?.toString('utf8') ?? '';

/** The switches that are on, as `name` or `name=value`, for the exchange's outcome. */
function onSwitches(f: CommonFaults): string[] {
  return Object.entries(f)
    .filter(([, v]) => v !== false && v !== null && v !== 0)
    .map(([k, v]) => (v === true ? `fault:${k}` : `fault:${k}=${String(v)}`));
}

/** time-out, latency and 5xx: what a broken or slow server does before it looks at the request. */
async function transportFaults(c: Ctx, f: CommonFaults, env: EndpointEnv): Promise<HttpResponse | null> {
  // Aborts when the client's connection closes, so a held request is let go at once (no socket: none).
  const signal = c.req.closed?.();
  const started = performance.now();
  const gone = () => {
    const waited = Math.round(performance.now() - started);
    return failure(504, `client_gone: the client gave up after ${waited} ms; nothing was sent`);
  };
  if (f.timeout) {
    if (!(await delay(env.timeoutBoundMs, signal))) return gone();
    return failure(504, `simulated_timeout: held for ${env.timeoutBoundMs} ms`);
  }
  if (f.latency_ms > 0 && !(await delay(f.latency_ms, signal))) return gone();
  if (f.status_5xx !== null) {
    return failure(f.status_5xx, 'simulated_fault: the integrator is unavailable (status_5xx switched on)');
  }
  return null;
}

function gate(c: Ctx, spec: EndpointSpec, core: Core): HttpResponse | null {
  return (
    (spec.bearer ? bearerProblem(core, c) : null) ??
    (spec.mediaType ? (sizeProblem(c) ?? mediaTypeProblem(c, spec.mediaType)) : null)
  );
}

/**
 * Wraps a route of the fake integrator: transport faults, then bearer, size and media type, then the
 * handler, then malformed JSON. With no fault on, only the checks run.
 */
export function endpoint(env: EndpointEnv, spec: EndpointSpec, run: (c: Ctx) => HttpResponse): Handler {
  const { core } = env;
  const answer = (c: Ctx) => gate(c, spec, core) ?? run(c);
  const faulty = async (c: Ctx) => {
    const f: CommonFaults = core.integrator.faults.of(spec.fault);
    const early = await transportFaults(c, f, env);
    const res = early ?? answer(c);
    c.meta.outcome = [c.meta.outcome, ...onSwitches(f)].filter(Boolean).join(' ');
    if (!early && f.malformed_json && res.body) {
      c.meta.requestBody = undefined;
      return { ...res, body: malformed(res.body), bodyHash: undefined };
    }
    return res;
  };
  // With no fault on, a synchronous answer: no promise on the hot path.
  return (c) => (core.integrator.faults.anyOn(spec.fault) ? faulty(c) : answer(c));
}
