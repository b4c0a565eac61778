import { CLIENT_EVENTS } from '../shared/schemas/customer.schema';

/**
 * The script a test merchant page puts before the order's html_snippet: the `_klarnaCheckout` queue a
 * merchant's page sets up (calls queue until the checkout loads), then one handler per client-side event,
 * registered with api.on(). `handlerBody` is the body of each `function (data, callback)`, with the event's
 * `name` in scope; it records into `window.__events`. `window.__api` keeps the api for the tests.
 */
export function recordingScript(handlerBody: string): string {
  return `<script>
  window.__events = [];
  window._klarnaCheckout = window._klarnaCheckout || function () {
    (window._klarnaCheckout.q = window._klarnaCheckout.q || []).push(arguments);
  };
  window._klarnaCheckout(function (api) {
    window.__api = api;
    var handlers = {};
    ${JSON.stringify(CLIENT_EVENTS)}.forEach(function (name) {
      handlers[name] = function (data, callback) {
        ${handlerBody}
      };
    });
    api.on(handlers);
  });
</script>`;
}
