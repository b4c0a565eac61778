// A minimal keep-alive JSON client: fetch's own overhead would swamp sub-millisecond figures.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one request and resolves with {status, headers, body, ms} (ms measured around the whole call). */
export function call(method, url, { headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * A JSON client over its own keep-alive agent (`maxSockets` in flight), every call with `authorization`:
 * `call(method, url, body?)` resolves with {status, body} (the answer parsed, or null when empty).
 */
export function jsonClient({ authorization, maxSockets = 32 }) {
  const own = new Agent({ keepAlive: true, maxSockets });
  const call = (method, url, body) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: own,
          headers: {
            authorization,
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
            } catch {
              resolve({ status: res.statusCode, body: text });
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => own.destroy() };
}
