import { simApi, type SimRequest } from '../scenario-runner/sim-api';

/** A route's answer: a status and a JSON body, or a function of the request's body (and path) giving one. */
export type RouteAnswer = { status: number; body: unknown };
export type Route = RouteAnswer | ((body: unknown, path: string) => RouteAnswer);

const BASE = 'http://sim.test';

/**
 * The runner's own simulator client (simApi) on a transport that answers from `routes` ("METHOD /path" →
 * answer) instead of a socket, every call recorded: the runners' unit tests see which calls a scenario
 * makes, in which order and with which bodies, without booting a simulator. A call no route names answers
 * 404 in the provider API's error shape, as the simulator does for an unknown path.
 */
export function routedSim(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const transport = async (req: SimRequest) => {
    const path = req.url.slice(BASE.length);
    const body: unknown = req.body === null ? undefined : JSON.parse(req.body);
    calls.push({ method: req.method, path, body });
    const route = routes[`${req.method} ${path}`];
    const answer =
      route === undefined
        ? { status: 404, body: { error_code: 'NOT_FOUND', error_messages: [`no ${req.method} ${path}`] } }
        : typeof route === 'function'
          ? route(body, path)
          : route;
    return { status: answer.status, text: JSON.stringify(answer.body) };
  };
  /** What simApi (or runScenarios) is given: the simulator's address, its credentials, the transport. */
  const target = { api: BASE, credentials: { username: 'merchant', password: 'secret' }, transport };
  /** The calls as "METHOD /path" lines, in the order they were made. */
  const lines = () => calls.map((c) => `${c.method} ${c.path}`);
  return { api: simApi(target), target, calls, lines };
}

/** A merchant's page as a routed fetch answers it. */
export interface PageAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A merchant's server as a fetch (the runner's `ctx.fetch`): "METHOD /path?query" → answer, 404 for any
 * other; every request recorded as such a line.
 */
export function routedMerchant(pages: Record<string, PageAnswer>) {
  const seen: string[] = [];
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    seen.push(key);
    const page = pages[key] ?? { status: 404, body: 'not found' };
    return new Response(page.body ?? '', { status: page.status, headers: page.headers });
  };
  return { fetch, seen, base: 'http://shop.test' };
}

/**
 * The simulator clock's routes (GET reads it, PUT sets it): it starts in `mode` at time T0; a PUT sets
 * what it is given and moves it to T1, so a report shows whether a time was read before or after.
 */
export function simClockRoutes(mode: 'real' | 'manual' = 'manual', speed = 1): Record<string, Route> {
  const state = { mode, speed, now: 'T0', next_event_at: null };
  const route: Route = (body) => {
    if (body !== undefined) Object.assign(state, body, { now: 'T1' });
    return { status: 200, body: state };
  };
  return { 'GET /test_helpers/clock': route, 'PUT /test_helpers/clock': route };
}

/** The simulator clock's moves (advance, back_to_now) as routes: nothing fires, the clock is not ahead. */
export const clockMoveRoutes = (): Record<string, Route> => ({
  'POST /test_helpers/clock/advance': { status: 200, body: { fired: [] } },
  'POST /test_helpers/clock/back_to_now': { status: 200, body: { moved_back_ms: 0, message: 'Not ahead.' } },
});

/** A test clock of a scenario's own (`c1`, made at C0, read at C1) as routes: made, bound, read, deleted. */
export const ownClockRoutes = (): Record<string, Route> => ({
  'POST /test_helpers/test_clocks': { status: 201, body: { clock_id: 'c1', now: 'C0' } },
  'POST /test_helpers/test_clocks/c1/bindings': { status: 200, body: {} },
  'GET /test_helpers/test_clocks/c1': { status: 200, body: { now: 'C1' } },
  'DELETE /test_helpers/test_clocks/c1': { status: 200, body: {} },
});
