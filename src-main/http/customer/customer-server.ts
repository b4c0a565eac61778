import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ClientEventSchema } from '@shared/schemas/customer.schema';
import { frameAllowed, normalizeFrameOrigin } from '@shared/rules/frame-origins';
import { schemaProblems } from '@shared/rules/schema-problems';
import { customerAccess, type Access } from '../../core/checkout/customer-access';
import { recordClientEvent } from '../../core/checkout/client-events';
import type { Core } from '../../core/create-core';
import { invalid, SimFailure } from '../../core/errors';
import { hostRefusal, type HostRule } from '../host-check';
import { isJsonType } from '../json';
import {
  guardedListener,
  readLimitedBody,
  type GuardedHandler,
  type ListenerGuard,
} from '../guarded-listener';
import { readStatic } from '../control/static-files';
import { frameDocument, frameHeaders, indexPage, refusalPage } from './frame-document';
import { ViewStreams } from './view-stream';

const MAX_BODY = 256 * 1024;
const TOKEN_SCHEME = 'KlarnaCheckout ';
const STEPS = ['country', 'address', 'shipping_option', 'complete'] as const;
type StepPath = (typeof STEPS)[number];

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

const errorBody = (
  code: string,
  message: string,
  problems?: readonly { path: string; message: string }[],
) => ({
  error: { code, message, ...(problems && problems.length > 0 ? { problems } : {}) },
});

const STATUS_OF: Record<SimFailure['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  disk_full: 507,
};

async function readBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  if (!isJsonType(req.headers['content-type']))
    throw invalid([{ path: 'Content-Type', message: 'must be application/json' }]);
  const body = await readLimitedBody(req, res, MAX_BODY);
  if (body === null) throw new SimFailure('too_large', 'BAD_VALUE', 'the body is too large');
  const text = body.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid([{ path: '(body)', message: 'is not valid JSON' }]);
  }
}

/**
 * The embedded checkout's listener (the customer's side, sim-defined): the bootstrap script that an order's
 * html_snippet loads, the checkout page inside the iframe, and its small API, reached with the order's
 * customer token and never with the merchant's credentials or the console's operations. Every step runs
 * the same customer steps as the console and `/test_helpers`.
 */
export function customerServer(
  core: Core,
  assetsDir: string | null,
  hosts: HostRule = { names: [] },
): Server {
  const streams = new ViewStreams(core.events, (id) => core.customerView(id));
  const access = (orderId: string, token: string | null): Access =>
    customerAccess(core.orders, core.tokens, orderId, token, core.clock.now());

  const frame = (res: ServerResponse, orderId: string, q: URLSearchParams) => {
    const allowed = core.settings.get().checkout_frame_origins;
    const headers = frameHeaders(allowed);
    const a = access(orderId, q.get('token'));
    if (!a.ok) {
      const page = refusalPage(a.refusal, orderId, { expiredAt: a.session?.order.expires_at });
      res.writeHead(page.status, headers);
      return void res.end(page.html);
    }
    const parent = q.get('origin');
    const parentOrigin = parent === null ? null : normalizeFrameOrigin(parent);
    if (parent !== null && (parentOrigin === null || !frameAllowed(allowed, parentOrigin))) {
      const page = refusalPage('origin_not_allowed', orderId, { origin: parent });
      res.writeHead(page.status, headers);
      return void res.end(page.html);
    }
    const view = core.customerView(orderId)!;
    res.writeHead(200, headers);
    res.end(frameDocument({ orderId, token: q.get('token')!, parentOrigin, view, allowedOrigins: allowed }));
  };

  const api = async (
    req: IncomingMessage,
    res: ServerResponse,
    orderId: string,
    rest: string,
    search: string,
  ) => {
    const auth = req.headers.authorization ?? '';
    const q = new URLSearchParams(search);
    const token = auth.startsWith(TOKEN_SCHEME) ? auth.slice(TOKEN_SCHEME.length) : q.get('token');
    const a = access(orderId, token);
    const isStream = req.method === 'GET' && rest === '/events';
    // An open page whose order expired or was aborted keeps its stream: the view says so.
    const closedButOurs = !a.ok && a.session !== undefined && a.refusal !== 'bad_token';
    if (!a.ok && !(isStream && closedButOurs)) {
      const page = refusalPage(a.refusal, orderId, { expiredAt: a.session?.order.expires_at });
      return sendJson(res, page.status, errorBody(a.refusal.toUpperCase(), page.message));
    }
    if (isStream) return streams.open(orderId, res, (fn) => req.on('close', fn));
    if (req.method === 'GET' && rest === '') return sendJson(res, 200, core.customerView(orderId));
    if (req.method !== 'POST')
      return sendJson(res, 405, errorBody('METHOD_NOT_ALLOWED', `${req.method} ${rest}`));
    const input = await readBody(req, res);
    if (rest === '/client_events') {
      const parsed = ClientEventSchema.safeParse(input);
      if (!parsed.success) throw invalid(schemaProblems(parsed.error));
      recordClientEvent(core.exchanges, orderId, parsed.data, core.clock.now());
      res.writeHead(204);
      return void res.end();
    }
    if (rest === '/checkbox') {
      await core.steps.checkbox(orderId, input);
      return sendJson(res, 200, { view: core.customerView(orderId) });
    }
    if (rest === '/pickup_search') {
      const result = await core.shipping.pickupSearch(orderId, input);
      return sendJson(res, 200, { ...result, view: core.customerView(orderId) });
    }
    const step = rest.slice(1) as StepPath;
    if (!STEPS.includes(step))
      return sendJson(res, 404, errorBody('NOT_FOUND', `no such step '${rest.slice(1)}'`));
    const run = {
      country: () => core.steps.country(orderId, input),
      address: () => core.steps.address(orderId, input),
      shipping_option: () => core.steps.shippingOption(orderId, input),
      // The customer's pay button: the arrival order is the order's or the setting's, not the page's to choose.
      complete: () => core.steps.complete(orderId, {}),
    }[step];
    const r = await run();
    sendJson(res, 200, {
      outcome: r.outcome,
      message: r.message,
      redirect_url: r.redirect_url,
      error_type: r.error_type,
      error_text: r.error_text,
      view: core.customerView(orderId),
    });
  };

  const guard: ListenerGuard = {
    name: 'embedded checkout',
    kind: 'customer.request',
    invalidCode: 'BAD_VALUE',
    known: (err) =>
      err instanceof SimFailure
        ? { status: STATUS_OF[err.kind], code: err.code, message: err.message, problems: err.problems }
        : null,
    body: (f) => errorBody(f.code, f.message, f.problems),
    // The customer token is a credential: the log keeps where the request went, not the token.
    loggedUrl: (path, search) =>
      search ? `${path}?${search.replace(/(^|&)token=[^&]*/g, '$1token=****')}` : path,
  };

  const handle: GuardedHandler = (req, res, { path, search }) => {
    // Before anything else: a foreign name in Host is a page that rebound its DNS to this machine.
    const foreign = hostRefusal(req.headers.host, hosts);
    if (foreign) return sendJson(res, 403, errorBody('HOST_NOT_ALLOWED', foreign));
    const apiMatch = /^\/kco\/api\/orders\/([^/]+)(\/[a-z_]+)?$/.exec(path);
    if (apiMatch) {
      const id = decodeURIComponent(apiMatch[1]!);
      // An order bound to a test clock: the customer's steps run on that clock (its time, its expiry).
      const on = core.clocks.clockOf(id);
      return core.clocks.run(on, () => api(req, res, id, apiMatch[2] ?? '', search));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, errorBody('METHOD_NOT_ALLOWED', path));
    const frameMatch = /^\/kco\/frame\/([^/]+)$/.exec(path);
    if (frameMatch) {
      const id = decodeURIComponent(frameMatch[1]!);
      return core.clocks.run(core.clocks.clockOf(id), () => frame(res, id, new URLSearchParams(search)));
    }
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      return void res.end();
    }
    if (path === '/' || path === '/kco') {
      res.writeHead(200, frameHeaders([]));
      return void res.end(indexPage());
    }
    const file =
      path === '/kco/bootstrap.js'
        ? '/bootstrap.js'
        : path.startsWith('/kco/assets/')
          ? path.slice(11)
          : null;
    if (file === null || !assetsDir) {
      const why = assetsDir ? path : `${path}: the embedded checkout is not built (run \`npm run build\`)`;
      return sendJson(res, 404, errorBody('NOT_FOUND', why));
    }
    return readStatic(assetsDir, file).then((f) => {
      if (!f) return sendJson(res, 404, errorBody('NOT_FOUND', path));
      res.writeHead(200, {
        'Content-Type': f.type,
        'Cache-Control': 'no-cache',
        // The bootstrap runs in the merchant's page, on any origin.
        'Access-Control-Allow-Origin': '*',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : f.body);
    });
  };

  const server = createServer(guardedListener(core, guard, handle));
  server.on('close', () => streams.closeAll());
  return server;
}
