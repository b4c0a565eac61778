import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerResponse } from 'node:http';
import { sampleOrder } from '../test-kit/temp-core';
import { bootedSim } from '../test-kit/booted-sim';
import type { Logger } from '../core/log';
import { App } from './app';
import { appServer, close, listen } from './serve';
import { containRequestErrors, inRequestScope } from './request-scope';

// An exception that escapes a handler later (a timer, a floating promise) reaches the process's own
// handlers. Vitest installs handlers of its own there, which would report it and keep the process: they
// are taken off for these tests, so that without containRequestErrors the process would really exit.

let savedExceptions: NodeJS.UncaughtExceptionListener[];
let savedRejections: NodeJS.UnhandledRejectionListener[];
const lines: string[] = [];
const log: Logger = { info: () => {}, warn: () => {}, error: (m) => void lines.push(m) };
const exit = vi.fn();
let uninstall: () => void;

beforeAll(() => {
  savedExceptions = process.listeners('uncaughtException');
  savedRejections = process.listeners('unhandledRejection');
  process.removeAllListeners('uncaughtException');
  process.removeAllListeners('unhandledRejection');
  uninstall = containRequestErrors(log, exit);
});
afterAll(() => {
  uninstall();
  for (const l of savedExceptions) process.on('uncaughtException', l);
  for (const l of savedRejections) process.on('unhandledRejection', l);
});

const later = (fn: () => void) => new Promise<never>(() => setTimeout(fn, 1));

describe('an exception escaping a handler asynchronously', () => {
  it('answers the waiting request in the API’s shape, and the listener goes on', async () => {
    const app = new App({
      name: 'test API',
      onError: (err) => ({ status: 500, body: JSON.stringify({ oops: String(err) }) }),
      notFound: () => ({ status: 404, body: '{}' }),
    });
    app.route('GET', '/timer', 'timer', () =>
      later(() => {
        throw new Error('thrown by a timer');
      }),
    );
    app.route('GET', '/floating', 'floating', () => {
      void Promise.reject(new Error('rejected, never awaited'));
      return later(() => {});
    });
    app.route('GET', '/ok', 'ok', () => ({ status: 200, body: 'fine' }));
    const server = appServer(app);
    const base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
    try {
      const t = await fetch(`${base}/timer`);
      expect([t.status, await t.json()]).toEqual([500, { oops: 'Error: thrown by a timer' }]);
      const f = await fetch(`${base}/floating`);
      expect([f.status, await f.json()]).toEqual([500, { oops: 'Error: rejected, never awaited' }]);
      expect(await (await fetch(`${base}/ok`)).text()).toBe('fine');
      expect(lines).toContain(
        'test API: an uncaught exception escaped work started by GET /timer (answered 500); the simulator goes on',
      );
      expect(exit).not.toHaveBeenCalled();
    } finally {
      await close(server);
    }
  });

  it('answers the embedded checkout’s waiting request with its 500, and every listener goes on', async () => {
    const sim = await bootedSim();
    try {
      const { order_id } = sim.core.orders.create(sampleOrder());
      const token = sim.core.tokens.tokenOf(order_id);
      vi.spyOn(sim.core.steps, 'country').mockImplementation(() =>
        later(() => {
          throw new Error('a step’s timer');
        }),
      );
      const r = await fetch(`${sim.urls.checkout}/kco/api/orders/${order_id}/country?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"country":"DE"}',
      });
      expect(r.status).toBe(500);
      expect((await r.json()).error.code).toBe('INTERNAL_ERROR');
      expect((await fetch(`${sim.urls.checkout}/kco`)).status).toBe(200);
      expect((await fetch(`${sim.urls.shop}/`)).status).toBe(200);
      expect(exit).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await sim.close();
    }
  });

  it("keeps the sample shop's requests in its scope: its bug stops neither it nor the simulator", async () => {
    const sim = await bootedSim();
    // A bug the shop does not have: its first answer throws later, from work that request started.
    const end = ServerResponse.prototype.end;
    let thrown = false;
    const spy = vi.spyOn(ServerResponse.prototype, 'end').mockImplementation(function (
      this: ServerResponse,
      ...args: unknown[]
    ) {
      const r = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      if (!thrown) {
        thrown = true;
        setImmediate(() => {
          throw new Error('a bug in the shop');
        });
      }
      return r;
    });
    try {
      expect((await fetch(`${sim.urls.shop}/`)).status).toBe(200);
      await vi.waitFor(() =>
        expect(lines).toContain(
          'sample shop: an uncaught exception escaped work started by GET / (after its answer); the simulator goes on',
        ),
      );
      expect(exit).not.toHaveBeenCalled();
      expect((await fetch(`${sim.urls.shop}/`)).status).toBe(200);
      expect((await fetch(`${sim.urls.checkout}/kco`)).status).toBe(200);
    } finally {
      spy.mockRestore();
      await sim.close();
    }
  });

  it('stops the process as Node would when it comes from no request at all', async () => {
    setTimeout(() => {
      throw new Error('a timer of the core');
    }, 1);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(lines.at(-1)).toBe('an uncaught exception outside any request: the simulator stops');
    exit.mockClear();
    // And a scope started by hand (the shop's listener, say) keeps its own errors.
    inRequestScope({ listener: 'sample shop' }, () =>
      setTimeout(() => {
        throw new Error('in the shop');
      }, 1),
    );
    await vi.waitFor(() =>
      expect(lines.at(-1)).toBe(
        'sample shop: an uncaught exception escaped its work (after its answer); the simulator goes on',
      ),
    );
    expect(exit).not.toHaveBeenCalled();
  });
});
