// The fuzz (tools/fuzz.mjs) as a figure of `npm run bench`: 10,000 malformed requests per API (derived
// from its schema) and per listener without one (the embedded checkout, the shop, the console) at seed 1, judged as tools/fuzz/checks.mjs says (no 5xx, no hang, no broken connection, every
// refusal naming its field in the API's own error shape, the simulator alive at the end).
import { runFuzz } from '../tools/fuzz/run-fuzz.mjs';
import { summarize } from '../tools/fuzz/report.mjs';

export async function fuzz() {
  const result = await runFuzz({ seed: 1, perApi: 10_000, concurrency: 32 });
  const { text, pass } = summarize(result);
  const [head, ...rest] = text.split('\n');
  return {
    name: 'fuzz: malformed requests to six APIs and three listeners (node tools/fuzz.mjs for its options)',
    baseline: head,
    measured: rest.join('\n  '),
    ratio: null,
    target: '0 5xx, 0 hangs, 0 broken connections, every 400 naming a field, simulator alive',
    pass,
  };
}
