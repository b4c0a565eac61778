import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { WireServer } from '../../wire-server';
import type { HttpRequest, HttpResponse } from '../../message';
import { echoText, exchange, referenceServer, refusalText, serverVerdict, SUITE_LIMITS } from './harness';
import { REQUEST_CORPUS, type RequestCase } from './request-corpus';

// Every raw request of the corpus goes to the simulator's server and to node:http's (llhttp), each on a
// fresh loopback connection, all at once; each server's verdict is compared with the corpus.

const echo = (req: HttpRequest): HttpResponse => {
  const text = echoText(req.method, req.body?.length ?? 0);
  return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: text };
};

interface Seen {
  reference: string;
  simulator: string;
  refusal: string | null;
}

let reference: HttpServer;
let simulator: Server;
const seen = new Map<string, Seen>();

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  reference = referenceServer();
  simulator = new WireServer(echo, SUITE_LIMITS);
  const [refPort, simPort] = await Promise.all([listenOn(reference), listenOn(simulator)]);
  const run = async (c: RequestCase) => {
    const [r, s] = await Promise.all([exchange(refPort, c), exchange(simPort, c)]);
    seen.set(c.name, {
      reference: serverVerdict(r).join(', '),
      simulator: serverVerdict(s).join(', '),
      refusal: refusalText(s.bytes),
    });
  };
  await Promise.all(REQUEST_CORPUS.map(run));
  if (process.env.DIFF_REPORT) {
    for (const c of REQUEST_CORPUS) {
      const v = seen.get(c.name)!;
      const mark = v.reference === v.simulator ? '  ' : '≠ ';
      console.log(
        `${mark}${c.name}\n    node: ${v.reference}\n    sim:  ${v.simulator}${v.refusal ? ` (${JSON.stringify(v.refusal)})` : ''}`,
      );
    }
  }
}, 30_000);

afterAll(async () => {
  reference.closeAllConnections();
  await new Promise((r) => reference.close(r));
  await new Promise((r) => simulator.close(r));
});

describe('the request corpus, node:http and the simulator', () => {
  it('names every case once', () => {
    expect(new Set(REQUEST_CORPUS.map((c) => c.name)).size).toBe(REQUEST_CORPUS.length);
  });
  for (const c of REQUEST_CORPUS) {
    it(c.name, () => {
      const v = seen.get(c.name)!;
      expect(v.reference, 'node:http (the reference)').toBe(c.expect);
      expect(v.simulator, c.deliberate ? `deliberately: ${c.deliberate.why}` : 'the simulator').toBe(
        c.deliberate?.verdict ?? c.expect,
      );
      if (c.says !== undefined) expect(v.refusal).toContain(c.says);
    });
  }
});
