import type { Core } from '../../core/create-core';
import { App } from '../app';
import { basicAuthChecker } from './basic-auth';
import { checkoutError, checkoutErrorMapper, checkoutNotFound } from './checkout-errors';
import { checkoutRoutes } from './checkout-routes';

/** The provider's APIs as the merchant's server sees them, behind HTTP Basic auth. */
export function providerApp(core: Core): App {
  const { username, password } = core.config.credentials;
  const authorized = basicAuthChecker(username, password);
  const app = new App({
    guard: (req, meta) => {
      if (authorized(req.headers.authorization)) return null;
      meta.kind = 'auth';
      meta.outcome = 'UNAUTHORIZED';
      const why = req.headers.authorization
        ? 'wrong username or password'
        : 'missing Authorization: Basic header';
      return checkoutError(401, 'UNAUTHORIZED', [why], {
        'www-authenticate': 'Basic realm="Checkout Simulator"',
      });
    },
    onError: checkoutErrorMapper(core.log),
    notFound: checkoutNotFound,
    record: (e) => core.exchanges.record(e),
  });
  checkoutRoutes(app, core);
  return app;
}
