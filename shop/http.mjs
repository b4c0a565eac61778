// Small HTTP helpers for server.mjs: reading a body, answering HTML, JSON, a redirect or a file.

const MAX_BODY = 1024 * 1024;

const COMMON = {
  // Pages and answers change with every cart change: never cache them.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // No Content-Security-Policy on purpose: the checkout snippet runs an inline script, loads a script
  // from the provider's origin and shows an iframe. A CSP you add must allow all three.
};

/** The request body as text; null when it is larger than the shop accepts. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parses JSON text; an empty text is {} (push has no body); undefined when it is not JSON. */
export function parseJson(text) {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

export function send(res, status, type, body) {
  res.writeHead(status, { ...COMMON, 'Content-Type': type });
  res.end(body);
}

export function sendHtml(res, markup, status = 200) {
  send(res, status, 'text/html; charset=utf-8', String(markup));
}

/** Answers JSON; `onSent` runs once the answer has been handed to the network. */
export function sendJson(res, status, body, onSent) {
  res.writeHead(status, { ...COMMON, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body), onSent);
}

/** 303 See Other: after a form post, the browser loads the next page with GET (no double posts). */
export function redirect(res, location) {
  res.writeHead(303, { Location: location });
  res.end();
}
