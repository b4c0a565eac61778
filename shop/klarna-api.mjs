// The shop's client of the provider's public APIs: the checkout API (/checkout/v3) and order management
// (/ordermanagement/v1). Nothing else of the simulator is used, so this file works against the real
// service too (given its base URL and your API credentials).
//
// Every call returns { ok, status, body } and never throws: a checkout page must show a clear message,
// and a background push handler must not bring the process down, whatever the other side answers.

/** How long the shop waits for the provider before giving up on a call. */
const TIMEOUT_MS = 10_000;

export function createApiClient({ apiUrl, username, password, log, fetch = globalThis.fetch }) {
  const base = apiUrl.replace(/\/+$/, '');
  // HTTP Basic authentication: base64 of "username:password", on every request.
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  async function call(method, path, body) {
    const started = Date.now();
    let response;
    try {
      response = await fetch(base + path, {
        method,
        headers: {
          Authorization: authorization,
          // The APIs take and give JSON; order management wants the header on every call, body or not.
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      // Refused connection, DNS, time-out: status 0 tells the caller "no answer at all".
      log.warn(`[shop] ${method} ${path} failed: ${err.cause?.message ?? err.message}`);
      return { ok: false, status: 0, body: null, error: err.message };
    }
    const text = await response.text().catch(() => '');
    const parsed = parseJson(text); // a body that is not JSON is kept as text in the log line below
    if (!response.ok) {
      // Log the status and the body: the checkout's error_messages name the field that was wrong.
      log.warn(`[shop] ${method} ${path} → ${response.status} ${text.slice(0, 500)}`);
    } else {
      log.info(`[shop] ${method} ${path} → ${response.status} (${Date.now() - started} ms)`);
    }
    return { ok: response.ok, status: response.status, body: parsed };
  }

  const id = (orderId) => encodeURIComponent(orderId);
  return {
    /** Creates a checkout order: 201 with the order, its order_id and html_snippet. */
    createOrder: (order) => call('POST', '/checkout/v3/orders', order),
    /** Reads a checkout order: 200, or 404 once it has expired (48 h after the last change). */
    getOrder: (orderId) => call('GET', `/checkout/v3/orders/${id(orderId)}`),
    /** Updates a checkout order (fields given replace the order's): 200, or 403 once it is complete. */
    updateOrder: (orderId, fields) => call('POST', `/checkout/v3/orders/${id(orderId)}`, fields),
    /** Reads a completed order from order management. */
    getManagedOrder: (orderId) => call('GET', `/ordermanagement/v1/orders/${id(orderId)}`),
    /** Acknowledges an order (204): the push retries stop. */
    acknowledge: (orderId) => call('POST', `/ordermanagement/v1/orders/${id(orderId)}/acknowledge`),
    /** Captures (charges) an amount of the order, when the goods ship: 201 with the capture's Location. */
    capture: (orderId, capture) =>
      call('POST', `/ordermanagement/v1/orders/${id(orderId)}/captures`, capture),
    /** Writes the shop's own references on the order (204). */
    setMerchantReferences: (orderId, refs) =>
      call('PATCH', `/ordermanagement/v1/orders/${id(orderId)}/merchant-references`, refs),
  };
}

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
