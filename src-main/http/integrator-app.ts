import type { Core } from '../core/create-core';
import { App } from './app';
import { json } from './json';

/**
 * The built-in fake integrator's listener. Its address is reserved in the ready line now; until the
 * shipping assistant lands it answers every call with 503 and the spec's error body, saying so.
 */
export function integratorApp(core: Core): App {
  return new App({
    onError: (err) => {
      core.log.error('integrator', err);
      return json(500, { failure_reason: 'internal_error' });
    },
    notFound: () =>
      json(503, { failure_reason: 'the built-in fake integrator is not available in this version' }),
  });
}
