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

/**
 * The request's URL, or why it cannot be read: a target that is no URL path, or a percent-escape that does
 * not decode (`%ZZ`, a lone `%`, bytes that are not UTF-8) in a path segment or the query. Read it once,
 * before anything else, and answer 400: a `decodeURIComponent` further in would throw on such a request.
 */
export function readTarget(rawUrl) {
  let url;
  try {
    url = new URL(rawUrl, 'http://shop.invalid');
  } catch {
    return { error: `The address ${clip(rawUrl)} is not a path this shop can read.` };
  }
  const parts = [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/)];
  const bad = parts.find((part) => {
    try {
      return typeof decodeURIComponent(part) !== 'string';
    } catch {
      return true;
    }
  });
  if (bad === undefined) return { url };
  return { error: `The address has a malformed percent-escape in ${clip(bad)}.` };
}

const clip = (s) => `'${s.length > 80 ? `${s.slice(0, 80)}…` : s}'`;

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

/**
 * A reply being written: what the shop's handlers write to (the helpers above take it as `res`), so
 * the shop answers a request without a socket; `sendReply` then puts it on node's response.
 */
export function createReply() {
  return {
    status: 200,
    headers: {},
    body: '',
    onSent: undefined,
    headersSent: false,
    setHeader(name, value) {
      this.headers[name] = value;
    },
    writeHead(status, headers = {}) {
      this.status = status;
      Object.assign(this.headers, headers);
      this.headersSent = true;
      return this;
    },
    end(body, onSent) {
      if (body !== undefined) this.body = body;
      this.onSent = onSent;
    },
  };
}

/** Sends a reply on node's response; its `onSent` runs once the answer is handed to the network. */
export function sendReply(res, reply) {
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body, reply.onSent);
}
