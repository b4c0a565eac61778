// The fuzz run's summary: one line per API with the figures, then samples of anything found.
import { clean, latency } from './checks.mjs';

const n = (x) => x.toLocaleString('en');
const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);

function classes(status) {
  const c = {};
  for (const [code, count] of Object.entries(status)) c[`${code[0]}xx`] = (c[`${code[0]}xx`] ?? 0) + count;
  return Object.entries(c)
    .sort()
    .map(([k, v]) => `${k} ${n(v)}`)
    .join(', ');
}

function samples(title, c) {
  if (c.n === 0) return [];
  return [`  ${title}: ${n(c.n)}`, ...c.samples.map((s) => `    ${JSON.stringify(s)}`)];
}

/** {text, pass}: the summary and whether every API is clean and the simulator survived. */
export function summarize(result) {
  const lines = [
    `fuzz: seed ${result.seed}, ${n(result.perApi)} requests per API, ${result.concurrency} in flight, ${result.seconds.toFixed(0)} s`,
  ];
  let total = 0;
  for (const { name, stats: s } of result.apis) {
    total += s.requests;
    const l = latency(s.ms);
    const named = s.status[400] ?? 0;
    lines.push(
      `${name}: ${n(s.requests)} requests over ${s.routes} routes (${classes(s.status)}); ` +
        `5xx ${s.fiveXX.n}, hangs ${s.hangs.n}, broken connections ${s.transport.n}; ` +
        `400s naming a field ${n(named - s.unnamed.n)}/${n(named)}, other 4xx outside the error shape ${s.badShape.n}; ` +
        `latency p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms`,
    );
    lines.push(
      `  the broken field itself named in ${pct(s.fieldChecked - s.otherField.n, s.fieldChecked)} of ${n(s.fieldChecked)} field refusals; ` +
        `malformed field accepted ${n(s.accepted.n)}; unexpected status ${n(s.unexpected.n)}` +
        (s.fixtureFailures.length > 0 ? `; fixture failures ${s.fixtureFailures.length}` : ''),
    );
    lines.push(
      ...samples('5xx', s.fiveXX),
      ...samples('hangs', s.hangs),
      ...samples('broken connections', s.transport),
      ...samples('400 naming no field', s.unnamed),
      ...samples('4xx outside the error shape', s.badShape),
      ...samples('400 naming another field (reported, not failing)', s.otherField),
      ...samples('malformed field accepted (reported, not failing)', s.accepted),
      ...samples('unexpected status (reported, not failing)', s.unexpected),
    );
    if (s.fixtureFailures.length > 0)
      lines.push(`  fixture failures: ${s.fixtureFailures.slice(0, 3).join(' | ')}`);
  }
  const pass = result.alive && result.apis.every((a) => clean(a.stats));
  lines.push(
    `total ${n(total)} requests; simulator ${result.alive ? 'alive and answering' : 'NOT ALIVE'} at the end ` +
      `(RSS ${result.memory.rss.toFixed(0)} MB, peak ${result.memory.peak.toFixed(0)} MB), ` +
      `then stopped by SIGTERM with ${result.exit.signal ?? `exit code ${result.exit.code}`}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  return { text: lines.join('\n'), pass };
}
