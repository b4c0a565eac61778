import { afterAll, beforeAll } from 'vitest';
import type { Server } from 'node:net';
import { wireCall } from '../../wire-client';
import { CLIENT_TIMEOUT_MS, rawAnswerServer, referenceCall } from './harness';
import { ANSWER_CORPUS, type AnswerCase } from './answer-corpus';
import { describeCorpus, reportVerdicts, type Seen } from './corpus-checks';

// Every raw answer of the corpus is served to the simulator's client and to node:http's (llhttp), each
// case by a server of its own on loopback, all at once; each client's verdict is compared with the corpus.

const shown = (status: number, body: string) =>
  `${status} ${body.length > 32 ? `[${body.length} bytes]` : body}`;

async function simulatorCall(port: number, method: string): Promise<{ verdict: string; detail: string }> {
  const { answer } = await wireCall({
    url: new URL(`http://127.0.0.1:${port}/`),
    method,
    headers: {},
    body: null,
    timeoutMs: CLIENT_TIMEOUT_MS,
    verify: false,
    maxAnswer: 1024 * 1024,
  });
  if (answer.error === 'timeout') return { verdict: 'timeout', detail: 'timeout' };
  if (answer.error) return { verdict: 'error', detail: answer.errorDetail ?? answer.error };
  return { verdict: shown(answer.status!, answer.body ?? ''), detail: '' };
}

const servers: Server[] = [];
const seen = new Map<string, Seen>();

beforeAll(async () => {
  const run = async (c: AnswerCase) => {
    const method = c.method ?? 'GET';
    const [ref, sim] = await Promise.all([rawAnswerServer(c), rawAnswerServer(c)]);
    servers.push(ref.server, sim.server);
    const [r, s] = await Promise.all([referenceCall(ref.port, method), simulatorCall(sim.port, method)]);
    const refVerdict = /^\d{3} /.test(r.verdict)
      ? shown(Number(r.verdict.slice(0, 3)), r.verdict.slice(4))
      : r.verdict;
    seen.set(c.name, { reference: refVerdict, simulator: s.verdict, words: s.detail });
  };
  await Promise.all(ANSWER_CORPUS.map(run));
  reportVerdicts(ANSWER_CORPUS, seen, (v) => ({
    node: JSON.stringify(v.reference),
    sim: `${JSON.stringify(v.simulator)}${v.words ? ` (${v.words})` : ''}`,
  }));
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describeCorpus('the answer corpus, node:http and the simulator as clients', ANSWER_CORPUS, seen);
