import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:net';
import { wireCall } from '../../wire-client';
import { CLIENT_TIMEOUT_MS, rawAnswerServer, referenceCall } from './harness';
import { ANSWER_CORPUS, type AnswerCase } from './answer-corpus';

// Every raw answer of the corpus is served to the simulator's client and to node:http's (llhttp), each
// case by a server of its own on loopback, all at once; each client's verdict is compared with the corpus.

interface Seen {
  reference: string;
  simulator: string;
  detail: string;
}

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
    seen.set(c.name, { reference: refVerdict, simulator: s.verdict, detail: s.detail });
  };
  await Promise.all(ANSWER_CORPUS.map(run));
  if (process.env.DIFF_REPORT) {
    for (const c of ANSWER_CORPUS) {
      const v = seen.get(c.name)!;
      const mark = v.reference === v.simulator ? '  ' : '≠ ';
      console.log(
        `${mark}${c.name}\n    node: ${JSON.stringify(v.reference)}\n    sim:  ${JSON.stringify(v.simulator)}${v.detail ? ` (${v.detail})` : ''}`,
      );
    }
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe('the answer corpus, node:http and the simulator as clients', () => {
  it('names every case once', () => {
    expect(new Set(ANSWER_CORPUS.map((c) => c.name)).size).toBe(ANSWER_CORPUS.length);
  });
  for (const c of ANSWER_CORPUS) {
    it(c.name, () => {
      const v = seen.get(c.name)!;
      expect(v.reference, 'node:http (the reference)').toBe(c.expect);
      expect(v.simulator, c.deliberate ? `deliberately: ${c.deliberate.why}` : 'the simulator').toBe(
        c.deliberate?.verdict ?? c.expect,
      );
      if (c.says !== undefined) expect(v.detail).toContain(c.says);
    });
  }
});
