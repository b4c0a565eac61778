// The fuzzer's HTTP client: node:http over kept-alive sockets, every request with a time limit, so that
// a request the server never answers is counted as a hang rather than waited for.
import { Agent, request } from 'node:http';

const KEEP = 8 * 1024 * 1024; // bytes of a fuzz answer kept for the checks (refusals list every field)

/** A client of one origin with `concurrency` kept-alive sockets. */
export function createClient(concurrency) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  /**
   * Sends {method, url, headers, body (string|Buffer), chunked} and resolves, never rejects, with
   * {status, headers, text, ms} or {error, ms} ({hang: true} past `limitMs`).
   */
  function send({ method, url, headers = {}, body, chunked = false }, limitMs, keep = KEEP) {
    const started = performance.now();
    return new Promise((resolve) => {
      let done = false;
      let timer = null;
      const finish = (r) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({ ...r, ms: performance.now() - started });
      };
      const h = { ...headers };
      const payload =
        body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      if (payload !== undefined && !chunked) h['content-length'] = String(payload.length);
      // Named explicitly: node frames a GET, DELETE or OPTIONS body as chunked only when told to.
      if (payload !== undefined && chunked) h['transfer-encoding'] = 'chunked';
      let req;
      try {
        req = request(url, { method, agent, headers: h });
      } catch (err) {
        finish({ error: `client refused to send: ${err.code ?? err.message}`, local: true });
        return;
      }
      timer = setTimeout(() => {
        finish({ error: `no answer within ${limitMs} ms`, hang: true });
        req.destroy();
      }, limitMs);
      req.on('response', (res) => {
        // An event stream stays open: its head is the answer, and the stream is let go.
        if (/^text\/event-stream/.test(res.headers['content-type'] ?? '')) {
          finish({ status: res.statusCode, headers: res.headers, text: '' });
          res.destroy();
          return;
        }
        const chunks = [];
        let size = 0;
        res.on('data', (c) => {
          if (size < keep) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          finish({
            status: res.statusCode,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (err) => finish({ error: `answer broken off: ${err.code ?? err.message}` }));
      });
      req.on('error', (err) => finish({ error: err.code ?? err.message }));
      if (payload !== undefined && chunked) {
        // Several writes without a length: node sends the body chunked.
        const step = Math.max(1, Math.ceil(payload.length / 3));
        for (let i = 0; i < payload.length; i += step) req.write(payload.subarray(i, i + step));
        req.end();
      } else req.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** The JSON of `text`, or the text itself when it is not JSON (null when empty). */
function parseOr(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON call for setting things up; throws on a transport error, returns {status, body, headers}. */
export async function jsonCall(client, method, url, headers, body) {
  const r = await client.send(
    {
      method,
      url,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    60_000,
    Infinity,
  );
  if (r.error) throw new Error(`${method} ${url}: ${r.error}`);
  return { status: r.status, body: parseOr(r.text), headers: r.headers };
}
