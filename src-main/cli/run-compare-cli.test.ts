import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import { junitProblems } from '../test-kit/junit-schema';
import { MerchantStub } from '../test-kit/merchant-stub';
import { runCli, Spawned } from '../test-kit/built-cli';

/*
 * `checkout-sim run --compare`: the same scenario run again against a merchant (a stub in this process)
 * whose answers changed in between, or did not. Runs the built CLI (`npm run build` first).
 */

const spawned = new Spawned('sim-compare-');
afterEach(() => spawned.cleanup());

const SCENARIO = `name: Answers the merchant gives
compare:
  ignore: [callbacks.push.body.order_number] # a new one on every push
steps:
  - address: { test_person: SE }
  - complete: { arrival: push_only }
  - advance: 2m
expect:
  - callback: { name: address_update, status: 2xx }
  - callback: { name: push, status: 2xx }
`;

let merchant: MerchantStub;
let version = 1;
let pushes = 0;
beforeAll(async () => {
  merchant = await new MerchantStub().start();
  merchant.on('/kco/address_update', () => ({
    body: { merchant_data: version === 1 ? 'plain' : 'gift-wrap' },
  }));
  merchant.on('/kco/push', () => ({
    body: { order_number: `A-${++pushes}`, ...(version === 1 ? {} : { note: 'queued' }) },
  }));
});
afterAll(() => merchant.stop());

describe('checkout-sim run --compare', () => {
  it('lists what the merchant answered differently (exit 1), the same again (exit 0), and what --ignore leaves out', async () => {
    const dir = spawned.tempDir();
    const file = join(dir, 'answers.yaml');
    writeFileSync(file, SCENARIO);
    const json = (name: string) => join(dir, `${name}.json`);
    const run = (...args: string[]) =>
      runCli(spawned, ['run', file, '--merchant-url', merchant.base, ...args]);

    version = 1;
    const first = await run('--reporter', `json=${json('first')}`);
    expect(first.code, first.stdout).toBe(0);

    version = 2;
    const html = join(dir, 'second.html');
    const junit = join(dir, 'second.xml');
    const second = await run(
      '--compare',
      json('first'),
      ...[
        '--reporter',
        `json=${json('second')}`,
        '--reporter',
        `html=${html}`,
        '--reporter',
        `junit=${junit}`,
      ],
    );
    expect(second.code, second.stdout).toBe(1);
    const lines = second.stdout.split('\n');
    const changed =
      'address_update #1: callbacks.address_update.body.merchant_data changed: "plain" → "gift-wrap"';
    const added = 'push #1: callbacks.push.body.note added: "queued"';
    expect(lines).toContain(`  ≠ ${changed}`);
    expect(lines).toContain(`  ≠ ${added}`);
    expect(lines.filter((l) => l.startsWith('  ≠ '))).toHaveLength(2);
    expect(second.stdout).toMatch(
      /^PASS Answers the merchant gives \(.*answers\.yaml\) · order .* · 2 differences from the earlier run$/m,
    );
    expect(lines).toContain(
      `Compared with ${json('first')} (run ${ScenarioReportSchema.parse(JSON.parse(readFileSync(json('first'), 'utf8'))).started_at}): 2 differences (1 of 1 scenario differ)`,
    );
    const report = ScenarioReportSchema.parse(JSON.parse(readFileSync(json('second'), 'utf8')));
    expect(report.scenarios[0]!.differences!.map((d) => [d.kind, d.path, d.before, d.after])).toEqual([
      ['answer_field', 'callbacks.address_update.body.merchant_data', 'plain', 'gift-wrap'],
      ['answer_field', 'callbacks.push.body.note', undefined, 'queued'],
    ]);
    expect(report.comparison).toMatchObject({ earlier: json('first'), differences: 2, only_in_earlier: [] });
    const pushId = report.scenarios[0]!.differences![1]!.exchange_id!;
    const page = readFileSync(html, 'utf8');
    const row = page.slice(page.indexOf(`<tr id="x-${pushId}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(
      '≠ push #1: callbacks.push.body.note added: &quot;queued&quot;',
    );
    const xml = readFileSync(junit, 'utf8');
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toContain('<failure type="difference" message="2 differences from the earlier run">');

    // The merchant as in the second run: nothing differs, the order numbers being ignored by the file.
    const same = await run('--compare', json('second'));
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).not.toContain('≠');
    expect(same.stdout).toMatch(
      /^Compared with .*second\.json \(run .*\): the merchant did the same in 1 scenario$/m,
    );

    // Against the first run, with what changed left out on the command line.
    const ignored = await run(
      '--compare',
      json('first'),
      '--ignore',
      'callbacks.address_update.body.merchant_data',
      '--ignore',
      'callbacks.*.body.note',
    );
    expect(ignored.code, ignored.stdout).toBe(0);
  }, 120_000);

  it('finds nothing between two runs of the shipped examples against the sample shop (exit 0)', async () => {
    const before = join(spawned.tempDir(), 'before.json');
    const first = await runCli(spawned, ['run', 'scenarios', '--reporter', `json=${before}`]);
    expect(first.code, first.stdout).toBe(0);
    const again = await runCli(spawned, ['run', 'scenarios', '--compare', before]);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/^Compared with .*: the merchant did the same in 6 scenarios$/m);
  }, 120_000);

  it('refuses an earlier report it cannot use with one line naming the file and the problem (exit 2), running nothing', async () => {
    const dir = spawned.tempDir();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"started_at": "x", "scenarios": 3');
    const notReport = join(dir, 'other.json');
    writeFileSync(notReport, '{"scenarios": []}');
    const cases: [string, RegExp][] = [
      [bad, /^checkout-sim: --compare .*bad\.json: not JSON \(.+\)\n$/],
      [
        notReport,
        /^checkout-sim: --compare .*other\.json: not a scenario run's JSON report \(--reporter json=FILE\): started_at: .+\n$/,
      ],
      [join(dir, 'missing.json'), /^checkout-sim: --compare .*missing\.json: no such file\n$/],
    ];
    for (const [file, message] of cases) {
      const r = await runCli(spawned, ['run', 'scenarios/push-acknowledged.yaml', '--compare', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('lists the new flags in its help', async () => {
    const r = await runCli(spawned, ['run', '--help']);
    expect(r.stdout).toContain('--compare FILE');
    expect(r.stdout).toContain('--ignore PATH');
  });
});
