import { z } from 'zod';
import { frameAllowed, normalizeFrameOrigin } from '@shared/rules/frame-origins';
import { customerAccess } from '../../core/checkout/customer-access';
import { operationGroup, type Operation, type OperationGroup } from '../define-operation';
import type { ListenerAnswer } from '../listener-app';
import type { ApiDoc, OpDoc } from '../openapi/op-types';
import { fail } from '../openapi/responses';
import type { Ctx, Handler } from '../router';
import { readStatic } from '../control/static-files';
import { checkoutError, checkoutJson, checkoutJsonApi, type CheckoutEnv } from './checkout-operations';
import { frameDocument, frameHeaders, indexPage, refusalPage } from './frame-document';

const html = (description: string) => ({
  status: 200 as const,
  description,
  schema: z.string(),
  mediaTypes: ['text/html'],
});

/** `GET /kco/frame/:order_id?token=…&origin=…`: the checkout page inside the merchant's iframe. */
function framePage(c: Ctx, env: CheckoutEnv): ListenerAnswer {
  const orderId = c.params.order_id!;
  const q = new URLSearchParams(c.req.search);
  const allowed = env.core.settings.get().checkout_frame_origins;
  const headers = frameHeaders(allowed);
  const a = customerAccess(env.core.orders, env.core.tokens, orderId, q.get('token'), env.core.clock.now());
  if (!a.ok) {
    const page = refusalPage(a.refusal, orderId, { expiredAt: a.session?.order.expires_at });
    return { status: page.status, headers, body: page.html };
  }
  const parent = q.get('origin');
  const parentOrigin = parent === null ? null : normalizeFrameOrigin(parent);
  if (parent !== null && (parentOrigin === null || !frameAllowed(allowed, parentOrigin))) {
    const page = refusalPage('origin_not_allowed', orderId, { origin: parent });
    return { status: page.status, headers, body: page.html };
  }
  const view = env.core.customerView(orderId)!;
  const token = q.get('token')!;
  return {
    status: 200,
    headers,
    body: frameDocument({ orderId, token, parentOrigin, view, allowedOrigins: allowed }),
  };
}

/** The built checkout's files (the bootstrap runs in the merchant's page, on any origin). */
async function builtFile(env: CheckoutEnv, path: string, file: string): Promise<ListenerAnswer> {
  if (!env.assetsDir)
    return checkoutJson(
      404,
      checkoutError('NOT_FOUND', `${path}: the embedded checkout is not built (run \`npm run build\`)`),
    );
  const f = await readStatic(env.assetsDir, file);
  if (!f) return checkoutJson(404, checkoutError('NOT_FOUND', path));
  const headers = {
    'Content-Type': f.type,
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  return { status: 200, headers, bytes: f.body };
}

function bootstrapScript(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
  return builtFile(env, c.req.path, '/bootstrap.js');
}

function frameAsset(c: Ctx, env: CheckoutEnv): Promise<ListenerAnswer> {
  return builtFile(env, c.req.path, `/${c.params.file!}`);
}

function indexOfPages(): ListenerAnswer {
  return { status: 200, headers: frameHeaders([]), body: indexPage() };
}

function noFavicon(): ListenerAnswer {
  return { status: 204, headers: { 'Cache-Control': 'max-age=86400' } };
}

const TAG = 'Embedded checkout pages';
const page = (
  path: string,
  kind: string,
  summary: string,
  responses: OpDoc['responses'],
  handle: Operation<CheckoutEnv>['handle'],
): Operation<CheckoutEnv> => ({
  method: 'GET',
  path,
  kind,
  tag: TAG,
  summary,
  simDefined: true,
  public: true,
  responses,
  handle,
});

const PAGE_OPS: readonly Operation<CheckoutEnv>[] = [
  page(
    '/kco/frame/:order_id',
    'customer.frame',
    'The checkout page in the merchant’s iframe (`?token=` the customer token, `&origin=` the parent page’s)',
    [
      html('The page'),
      {
        ...html('A refusal page: a wrong token, an unknown, expired or aborted order, an origin not allowed'),
        status: '4XX',
      },
    ],
    framePage,
  ),
  page(
    '/kco/bootstrap.js',
    'customer.bootstrap',
    'The script the order’s html_snippet loads into the merchant’s page',
    [
      { status: 200, description: 'The script', schema: z.string(), mediaTypes: ['text/javascript'] },
      fail(404, 'NOT_FOUND: the embedded checkout is not built'),
    ],
    bootstrapScript,
  ),
  page(
    '/kco/assets/:file',
    'customer.asset',
    'A file of the checkout page (frame.js, frame.css, their chunks)',
    [
      {
        status: 200,
        description: 'The file',
        schema: z.string(),
        mediaTypes: ['text/javascript', 'text/css'],
      },
      fail(404, 'NOT_FOUND: no such file, or the embedded checkout is not built'),
    ],
    frameAsset,
  ),
  page('/kco', 'customer.index', 'What this listener is', [html('A page saying so')], indexOfPages),
  page('/', 'customer.root', 'What this listener is', [html('A page saying so')], indexOfPages),
  page('/favicon.ico', 'customer.favicon', 'No icon', [{ status: 204, description: 'None' }], noFavicon),
];

/** The pages as the document frames them: read without a body, errors in the checkout's JSON shape. */
function pagesApi(ops: readonly OpDoc[]): ApiDoc {
  return { ...checkoutJsonApi(ops), bodyErrors: [] };
}

/** A page about an order runs on the order's test clock when it is bound to one (its time, its expiry). */
function onOrdersClock(env: CheckoutEnv) {
  return (
    _op: Operation<CheckoutEnv>,
    handler: (c: Ctx) => ListenerAnswer | Promise<ListenerAnswer>,
  ): Handler =>
    function pageOnClock(c) {
      const id = c.params.order_id;
      return id === undefined
        ? handler(c)
        : env.core.clocks.run(env.core.clocks.clockOf(id), () => handler(c));
    };
}

/** The embedded checkout's pages and files, declared once like its API. */
export const CHECKOUT_PAGES: OperationGroup<CheckoutEnv> = operationGroup({
  api: pagesApi,
  ops: PAGE_OPS,
  wrap: onOrdersClock,
});
