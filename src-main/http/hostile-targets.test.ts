import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../test-kit/temp-core';
import { bootedSim } from '../test-kit/booted-sim';

// Issue 22: one GET from any web page (`<img src=".../kco/frame/%ZZ">`) stopped the whole process. Every
// listener of a whole simulator (the shop included) gets the reported targets, in the path and in the
// query, and must refuse each with a 400 naming it, then go on answering.

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim({ console: true });
});
afterAll(() => sim.close());

/** Sends the target exactly as written (fetch would not change it either, but this says so). */
function send(base: string, method: string, target: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: { authorization: basic(), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const BAD = ['%ZZ', '%', '%E0%A4%A'];
const TARGETS: { method: string; target: string; names: string; escape: string }[] = [
  { method: 'GET', target: '/kco/frame/%ZZ', names: '(path)', escape: '%ZZ' },
  { method: 'GET', target: '/kco/frame/%', names: '(path)', escape: '%' },
  { method: 'GET', target: '/kco/api/orders/%E0%A4%A', names: '(path)', escape: '%E0%A4%A' },
  { method: 'POST', target: '/control/invoke/%ZZ', names: '(path)', escape: '%ZZ' },
  ...BAD.map((b) => ({ method: 'GET', target: `/kco/frame/o1?token=${b}`, names: 'token', escape: b })),
  ...BAD.map((b) => ({
    method: 'POST',
    target: `/control/invoke/orders.list?x=${b}`,
    names: 'x',
    escape: b,
  })),
];

/** Each listener: where it is, the fields its 400 names (in its own error shape), a request it must still answer. */
const LISTENERS: Record<
  string,
  { url: () => string; named: (body: unknown) => string[]; alive: [string, string, number] }
> = {
  'provider API': {
    url: () => sim.urls.api,
    named: (b) => (b as { error_messages: string[] }).error_messages.map((m) => m.split(': ')[0]!),
    alive: ['GET', '/test_helpers/clock', 200],
  },
  'fake integrator': {
    url: () => sim.urls.integrator,
    named: (b) => [/^invalid_request: ([^:]+):/.exec((b as { failure_reason: string }).failure_reason)![1]!],
    alive: ['GET', '/openapi.json', 200],
  },
  'embedded checkout': {
    url: () => sim.urls.checkout,
    named: (b) => (b as { error: { problems: { path: string }[] } }).error.problems.map((p) => p.path),
    alive: ['GET', '/kco', 200],
  },
  console: {
    url: () => sim.urls.console,
    named: (b) => (b as { error: { problems: { path: string }[] } }).error.problems.map((p) => p.path),
    alive: ['POST', '/control/invoke/orders.list', 200],
  },
  'sample shop': {
    url: () => sim.urls.shop,
    // The shop answers a page (or JSON for its callbacks) saying what it could not read.
    named: () => [],
    alive: ['GET', '/', 200],
  },
};

describe('a malformed percent-escape in the target', () => {
  for (const [name, l] of Object.entries(LISTENERS)) {
    it(`is a 400 naming it on the ${name}, and the listener goes on answering`, async () => {
      const json = { 'content-type': 'application/json' };
      for (const t of TARGETS) {
        const r = await send(l.url(), t.method, t.target, json);
        expect(r.status, `${t.method} ${t.target}`).toBe(400);
        // The shop's page writes the quotes as HTML.
        const text = r.text.replaceAll('&#39;', "'");
        expect(text, `${t.method} ${t.target}`).toContain(`'${t.escape}'`);
        if (name !== 'sample shop') expect(l.named(JSON.parse(r.text))).toEqual([t.names]);
      }
      const [method, target, status] = l.alive;
      expect((await send(l.url(), method, target, json)).status).toBe(status);
    });
  }
});
