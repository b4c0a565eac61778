import type { Core } from '../../core/create-core';
import { App } from '../app';
import { basicAuthChecker } from './basic-auth';
import { checkoutError, checkoutErrorMapper, checkoutNotFound } from './checkout-errors';
import { elementsErrorShape } from './elements-errors';
import { BASIC_CHALLENGE, shapeFor } from './error-shapes';
import { PROVIDER_APIS } from './provider-operations';
import { ippErrorShape } from './ipp-errors';
import { OPENAPI_PATH, openApiRoute } from '../openapi/serve-openapi';

/** The provider's APIs as the merchant's server sees them, behind HTTP Basic auth. */
export function providerApp(core: Core): App {
  const { username, password } = core.config.credentials;
  const authorized = basicAuthChecker(username, password);
  // The elements and in-person APIs answer in their own error shapes; everything else in checkout's.
  const elementsShape = elementsErrorShape(core.log, core.disk);
  const ippShape = ippErrorShape(core.log, core.disk);
  const shapes = [elementsShape, ippShape];
  const checkoutErrors = checkoutErrorMapper(core.log, core.disk);
  const app = new App({
    guard: (req, meta) => {
      // The OpenAPI document is documentation, not a secret: served without credentials.
      if (req.method === 'GET' && req.path === OPENAPI_PATH) return null;
      if (authorized(req.headers.authorization)) return null;
      meta.kind = 'auth';
      meta.outcome = 'UNAUTHORIZED';
      // What was sent, for a cURL that fails the same way (the log itself shows it masked).
      const sent = req.headers.authorization;
      if (sent !== undefined) meta.sealedAuthorization = core.seal.seal(sent);
      const why = req.headers.authorization
        ? 'wrong username or password'
        : 'missing Authorization: Basic header';
      const own = shapeFor(shapes, req.path);
      if (own) return own.unauthorized(why);
      return checkoutError(401, 'UNAUTHORIZED', [why], BASIC_CHALLENGE);
    },
    name: 'provider API',
    // What the guard or a route throws, and a malformed target, in the error shape of the API it is for.
    onError: (err, meta, req) =>
      (req ? shapeFor(shapes, req.path)?.onError : undefined)?.(err, meta) ?? checkoutErrors(err, meta),
    notFound: (req, allowed) =>
      shapeFor(shapes, req.path)?.notFound(req, allowed) ?? checkoutNotFound(req, allowed),
    record: (e, hashes) => core.exchanges.record(e, hashes),
    now: () => core.clock.now(),
    // A request about an order or session bound to a test clock runs on it (its times, its timers).
    clockOf: (params) => core.clocks.clockOf(params.order_id ?? params.session_id),
    // The merchant's requests about an order, which an advance waits for (timers/merchant-reactions.ts);
    // /test_helpers are the test's own, not the merchant's reactions.
    track: (params, req) =>
      params.order_id !== undefined && !req.path.startsWith('/test_helpers')
        ? core.reactions.begin(params.order_id)
        : null,
    // The provider's own APIs answer with a correlation id; the simulator's /test_helpers do not.
    correlated: (req) => !req.path.startsWith('/test_helpers') && req.path !== OPENAPI_PATH,
  });
  for (const api of PROVIDER_APIS) api.register(app, core);
  openApiRoute(app, 'provider');
  return app;
}
