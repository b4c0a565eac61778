import { afterAll, beforeAll } from 'vitest';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { WireServer } from '../../wire-server';
import type { HttpRequest, HttpResponse } from '../../message';
import { echoText, exchange, referenceServer, refusalText, serverVerdict, SUITE_LIMITS } from './harness';
import { describeCorpus, reportVerdicts, type Seen } from './corpus-checks';
import { REQUEST_CORPUS, type RequestCase } from './request-corpus';

// Every raw request of the corpus goes to the simulator's server and to node:http's (llhttp), each on a
// fresh loopback connection, all at once; each server's verdict is compared with the corpus.

const echo = (req: HttpRequest): HttpResponse => {
  const text = echoText(req.method, req.body?.length ?? 0);
  return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: text };
};

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
      words: refusalText(s.bytes),
    });
  };
  await Promise.all(REQUEST_CORPUS.map(run));
  reportVerdicts(REQUEST_CORPUS, seen, (v) => ({
    node: v.reference,
    sim: `${v.simulator}${v.words ? ` (${JSON.stringify(v.words)})` : ''}`,
  }));
}, 30_000);

afterAll(async () => {
  reference.closeAllConnections();
  await new Promise((r) => reference.close(r));
  await new Promise((r) => simulator.close(r));
});

describeCorpus('the request corpus, node:http and the simulator', REQUEST_CORPUS, seen);
